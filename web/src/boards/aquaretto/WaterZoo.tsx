// One water zoo in SVG: its boards (the water zoo board and the expansion boards placed, each
// outlined), its spaces, basins, tiles, trainers, and — for the
// seat that plays — the spaces it may choose now and an expansion's placement preview.
import type { WaterZooView } from "../../api/types";
import { TileGlyph } from "../../components/TileGlyph";
import { COWORKER_PICTURE, kindOf, kindStyle, kindWords, tileWords, tint } from "../../components/tiles";
import { moveMark, usePlay } from "../../play/context";
import { svgButton } from "../../play/keys";
import { cellKey, parseCell } from "../cells";
import { expansionCells, expansionOptions, optionsAt } from "./expansions";
import { t } from "../../i18n";

const CELL = 40;

function Trainer({ x, y }: { x: number; y: number }) {
  return (
    <g class="trainer">
      <title>{t("aquaretto.trainer")}</title>
      <rect x={x + 3} y={y + 3} width={CELL - 6} height={CELL - 6} rx={6} fill="#f4efe6" stroke="#5a3e8a" stroke-width={2} />
      <image href={COWORKER_PICTURE} x={x + 5} y={y + 5} width={CELL - 10} height={CELL - 10} />
    </g>
  );
}

export function WaterZoo({ zoo, seat, small = false }: { zoo: WaterZooView; seat: number; small?: boolean }) {
  const play = usePlay();
  const { choices, me, pick, send, placement, setPlacement } = play;
  const mine = seat === me;
  const expanding = mine ? expansionOptions(choices) : null;
  const ghosts = new Set<string>();
  const spaces = new Set(zoo.spaces.map(([x, y]) => cellKey(x, y)));
  if (expanding) for (const o of expanding) for (const c of o.cells) if (!spaces.has(c)) ghosts.add(c);
  const fitting = expanding ? optionsAt(expanding, placement.anchor) : [];
  const preview = fitting.length > 0 ? fitting[placement.index % fitting.length] : null;
  // A hint, a lesson or a hovered log entry naming an expansion of this zoo: its spaces
  // outlined (where it would lie, or where it was laid), since no tile is there to mark.
  const spot = play.spotlight;
  const spotCells = spot && spot.seat === seat && spot.action.startsWith("expand ") ? expansionCells(spot.action) : [];

  const all = [...zoo.spaces, ...[...ghosts].map(parseCell), ...spotCells.map(parseCell)];
  const xs = all.map(([x]) => x);
  const ys = all.map(([, y]) => y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const width = (Math.max(...xs) - x0 + 1) * CELL;
  const height = (Math.max(...ys) - y0 + 1) * CELL;
  const px = (x: number) => (x - x0) * CELL;
  const py = (y: number) => (y - y0) * CELL;
  // An expansion's spaces, each a square (its preview, or the one a hint or log entry names).
  const outline = (cells: string[]) =>
    cells.map((c) => {
      const [x, y] = parseCell(c);
      return <rect key={c} x={px(x) + 2} y={py(y) + 2} width={CELL - 4} height={CELL - 4} rx={3} />;
    });

  const tiles = new Map(zoo.tiles.map((t) => [cellKey(t.x, t.y), t.tile]));
  const trainers = new Set(zoo.trainers.map(([x, y]) => cellKey(x, y)));

  const spaceWords = (c: string) => {
    const tile = tiles.get(c);
    if (trainers.has(c)) return t("aquaretto.a-trainer");
    if (tile) return t("aquaretto.space-tile", { tile: tileWords(tile), basin: basinWords(c) });
    const [x, y] = parseCell(c);
    const near = [cellKey(x + 1, y), cellKey(x - 1, y), cellKey(x, y + 1), cellKey(x, y - 1)].map((n) => tiles.get(n)).filter((t): t is string => !!t);
    const kinds = [...new Set(near.map((t) => kindWords(t)))];
    if (kinds.length === 0) return t("aquaretto.space-empty", { cell: c });
    return t("aquaretto.space-beside", { count: kinds.length, kinds: kinds.join(t("aquaretto.and")) });
  };
  const basinWords = (c: string) => {
    const kind = kindOf(tiles.get(c) ?? "");
    const n = zoo.tiles.filter((t) => kindOf(t.tile) === kind).length;
    return t("aquaretto.basin", { count: n, kind: kindWords(kind) });
  };

  // A basin is the tiles of one species (at most one basin each, A-R7): a line is drawn
  // wherever a basin's space meets a space that is not of the same basin.
  const basinOf = (c: string) => (tiles.has(c) ? kindOf(tiles.get(c) ?? "") : null);
  const edges: string[] = [];
  for (const [c] of tiles) {
    const [x, y] = parseCell(c);
    const b = basinOf(c);
    if (basinOf(cellKey(x - 1, y)) !== b) edges.push(`M${px(x)} ${py(y)}v${CELL}`);
    if (basinOf(cellKey(x + 1, y)) !== b) edges.push(`M${px(x + 1)} ${py(y)}v${CELL}`);
    if (basinOf(cellKey(x, y - 1)) !== b) edges.push(`M${px(x)} ${py(y)}h${CELL}`);
    if (basinOf(cellKey(x, y + 1)) !== b) edges.push(`M${px(x)} ${py(y + 1)}h${CELL}`);
  }
  const basinEdges = edges.join("");

  // Each board (the water zoo board, each expansion board) outlined where its spaces meet
  // another board's or none, as the cardboard pieces lie side by side.
  const boardOf = new Map<string, number>();
  zoo.expansions.forEach((e, i) => e.cells.forEach(([x, y]) => boardOf.set(cellKey(x, y), i)));
  const pieceOf = (c: string) => (spaces.has(c) ? (boardOf.get(c) ?? -1) : null);
  const seams: string[] = [];
  for (const [x, y] of zoo.spaces) {
    const b = pieceOf(cellKey(x, y));
    if (pieceOf(cellKey(x - 1, y)) !== b) seams.push(`M${px(x)} ${py(y)}v${CELL}`);
    if (pieceOf(cellKey(x + 1, y)) !== b) seams.push(`M${px(x + 1)} ${py(y)}v${CELL}`);
    if (pieceOf(cellKey(x, y - 1)) !== b) seams.push(`M${px(x)} ${py(y)}h${CELL}`);
    if (pieceOf(cellKey(x, y + 1)) !== b) seams.push(`M${px(x)} ${py(y + 1)}h${CELL}`);
  }
  const boardEdges = seams.join("");

  const cellChoice = (c: string) => (mine && !expanding ? choices.continuation([[c], ["offspring", c], ["worker", c]]) : null);

  return (
    <svg
      class={small ? "water-zoo small" : "water-zoo"}
      data-zoo="water"
      data-seat={seat}
      viewBox={`-2 -2 ${width + 4} ${height + 4}`}
      // Another seat's zoo stays small; your own fills its column (style.css: --aspect, --zoom).
      style={small ? { maxWidth: `${(width + 4) * 0.75}px` } : { "--aspect": String((width + 4) / (height + 4)) }}
    >
      {zoo.spaces.map(([x, y]) => (
        <rect
          key={`ground-${x},${y}`}
          x={px(x)}
          y={py(y)}
          width={CELL}
          height={CELL}
          class={boardOf.has(cellKey(x, y)) ? "zoo-ground expansion-ground" : "zoo-ground"}
        />
      ))}
      {zoo.spaces.map(([x, y]) => {
        const c = cellKey(x, y);
        const tile = tiles.get(c);
        const water = tile ? tint(kindStyle(kindOf(tile)).colour, 0.3) : undefined;
        // An expansion board's spaces sit further in: its cardboard shows around them.
        const inset = boardOf.has(c) ? 3 : 1;
        return (
          <rect
            style={water ? { fill: water } : undefined}
            key={c}
            x={px(x) + inset}
            y={py(y) + inset}
            width={CELL - 2 * inset}
            height={CELL - 2 * inset}
            rx={3}
            class="space"
          />
        );
      })}
      <path d={boardEdges} class="board-edges" />
      <path d={basinEdges} class="basin-edges" />
      {zoo.spaces.map(([x, y]) => {
        const c = cellKey(x, y);
        const tile = tiles.get(c);
        if (trainers.has(c)) return <Trainer key={c} x={px(x)} y={py(y)} />;
        return tile ? <TileGlyph key={c} tile={tile} x={px(x)} y={py(y)} size={CELL} class={moveMark(play, seat, c)} /> : null;
      })}
      {zoo.spaces.map(([x, y]) => {
        const c = cellKey(x, y);
        const next = cellChoice(c);
        const selected = mine && choices.chose([c]);
        return (
          <rect
            {...svgButton(spaceWords(c), next ? () => pick(next) : null)}
            key={`hit-${c}`}
            x={px(x) + 1}
            y={py(y) + 1}
            width={CELL - 2}
            height={CELL - 2}
            rx={3}
            data-cell={c}
            data-seat={seat}
            class={["hit", next ? "choice" : "", selected ? "selected" : ""].filter(Boolean).join(" ")}
          />
        );
      })}
      {[...ghosts].map((c) => {
        const [x, y] = parseCell(c);
        const onClick = () => {
          if (preview && placement.anchor === c) send(preview.action);
          else setPlacement({ anchor: c, index: 0 });
        };
        return (
          <rect
            {...svgButton(placement.anchor === c ? t("aquaretto.ghost-chosen", { cell: c }) : t("aquaretto.ghost", { cell: c }), onClick)}
            key={`ghost-${c}`}
            x={px(x) + 4}
            y={py(y) + 4}
            width={CELL - 8}
            height={CELL - 8}
            rx={3}
            data-cell={c}
            data-seat={seat}
            class={placement.anchor === c ? "ghost choice selected" : "ghost choice"}
          />
        );
      })}
      {spotCells.length > 0 && (
        <g class="expansion-spotlit" data-spotlit={spotCells.join(" ")}>
          {outline(spotCells)}
        </g>
      )}
      {preview && (
        <g class="expansion-preview" data-preview={preview.cells.join(" ")}>
          {outline(preview.cells)}
        </g>
      )}
    </svg>
  );
}
