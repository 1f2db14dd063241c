// One aquarium: its cards on their positions, lines between areas, the points of scoring
// areas, and — for the seat that plays — the free positions and the chosen card's preview.
import type { AreaView, CardView, LayoutView } from "../../api/types";
import { RotateConfirm } from "../../components/RotateConfirm";
import { usePlay } from "../../play/context";
import { svgButton } from "../../play/keys";
import { t } from "../../i18n";
import { plural, speciesName } from "../../text/words";
import { cellKey, parseCell } from "../cells";
import { CardSections, EntranceMark } from "./CardSections";
import { turned } from "./sections";

const SECTION = 26;
const CARD = 2 * SECTION;

/** Lines between areas (thin, white), and each scoring area outlined (thick, dark): the
 * outline runs where a section of the area meets a section of another area or nothing. */
function AreaLines({ layout, sx, sy }: { layout: LayoutView; sx: (v: number) => number; sy: (v: number) => number }) {
  const areaOf = new Map<string, number>();
  layout.areas.forEach((a, i) => a.cells.forEach(([x, y]) => areaOf.set(cellKey(x, y), i)));
  const lines: string[] = [];
  const outline: string[] = [];
  for (const [cell, area] of areaOf) {
    const [x, y] = parseCell(cell);
    const right = areaOf.get(cellKey(x + 1, y));
    const below = areaOf.get(cellKey(x, y + 1));
    if (right !== undefined && right !== area) lines.push(`M${sx(x + 1)} ${sy(y)}v${SECTION}`);
    if (below !== undefined && below !== area) lines.push(`M${sx(x)} ${sy(y + 1)}h${SECTION}`);
    if (layout.areas[area].points > 0) {
      if (areaOf.get(cellKey(x - 1, y)) !== area) outline.push(`M${sx(x)} ${sy(y)}v${SECTION}`);
      if (right !== area) outline.push(`M${sx(x + 1)} ${sy(y)}v${SECTION}`);
      if (areaOf.get(cellKey(x, y - 1)) !== area) outline.push(`M${sx(x)} ${sy(y)}h${SECTION}`);
      if (below !== area) outline.push(`M${sx(x)} ${sy(y + 1)}h${SECTION}`);
    }
  }
  return (
    <g>
      <path d={lines.join("")} class="area-lines" />
      <path d={outline.join("")} class="area-outline" />
    </g>
  );
}

/** Where each scoring area's points go: a section of it without an animal if there is one,
 * else the top-left corner of its first section (whose animal is then drawn in its corner)
 * that is not the entrance card's lower right one: that corner is the card's centre, where
 * the door is drawn. */
function pointSpots(layout: LayoutView): { area: AreaView; cell: [number, number]; corner: boolean }[] {
  const animal = new Set<string>();
  for (const c of layout.cards) c.sections.forEach((s, i) => s.animal && animal.add(cellKey(2 * c.x + (i % 2), 2 * c.y + Math.floor(i / 2))));
  const entrance = layout.cards.find((c) => typeof c.card === "string");
  const door = entrance ? cellKey(2 * entrance.x + 1, 2 * entrance.y + 1) : null;
  return layout.areas
    .filter((a) => a.points > 0)
    .map((a) => {
      const free = a.cells.find(([x, y]) => !animal.has(cellKey(x, y)));
      const corner = a.cells.find(([x, y]) => cellKey(x, y) !== door) ?? a.cells[0];
      return { area: a, cell: free ?? corner, corner: !free };
    });
}

/** A free position in words, from the entrance card (which is at 0,0). */
function positionWords(x: number, y: number): string {
  const across = x < 0 ? t("designer.left", { n: -x }) : x > 0 ? t("designer.right", { n: x }) : "";
  const down = y < 0 ? t("designer.up", { n: -y }) : y > 0 ? t("designer.down", { n: y }) : "";
  return t("designer.free-position", { where: [across, down].filter(Boolean).join(t("designer.and")) });
}

export function Layout({ layout, seat, small, cards }: { layout: LayoutView; seat: number; small: boolean; cards: Map<string, CardView> }) {
  const { choices, me, pick, send, placement, setPlacement } = usePlay();
  const mine = seat === me;
  const [verb, number, position] = choices.prefix;
  const choosing = mine && verb === "draw" && choices.prefix.length === 2;
  const previewing = mine && verb === "draw" && choices.prefix.length === 3;
  const positions = choosing ? choices.nextWords() : [];
  const turns = previewing ? choices.nextWords() : [];
  const turn = turns.length > 0 ? turns[placement.index % turns.length] : null;
  const card = previewing ? cards.get(number) : undefined;

  const points = [...layout.cards.map((c) => [c.x, c.y]), ...layout.free];
  const x0 = Math.min(...points.map(([x]) => x));
  const y0 = Math.min(...points.map(([, y]) => y));
  const width = (Math.max(...points.map(([x]) => x)) - x0 + 1) * CARD;
  const height = (Math.max(...points.map(([, y]) => y)) - y0 + 1) * CARD;
  const cx = (x: number) => (x - x0) * CARD;
  const cy = (y: number) => (y - y0) * CARD;
  const sx = (v: number) => v * SECTION - x0 * CARD;
  const sy = (v: number) => v * SECTION - y0 * CARD;
  const [px, py] = position ? parseCell(position) : [0, 0];
  const spots = pointSpots(layout);

  return (
    <div class="layout">
      <svg
        class={small ? "designer-layout small" : "designer-layout"}
        data-layout={seat}
        viewBox={`-3 -3 ${width + 6} ${height + 6}`}
        // Another seat's aquarium stays small; your own fills its column (style.css: --aspect, --zoom).
        style={small ? { maxWidth: `${(width + 6) * 1.2}px` } : { "--aspect": String((width + 6) / (height + 6)) }}
      >
        {layout.free.map(([x, y]) => (
          <rect key={`free-${cellKey(x, y)}`} x={cx(x) + 2} y={cy(y) + 2} width={CARD - 4} height={CARD - 4} rx={4} class="free-position" />
        ))}
        {layout.cards.map((c) => (
          <g key={String(c.card)} data-placed={cellKey(c.x, c.y)}>
            <CardSections
              sections={c.sections}
              x={cx(c.x)}
              y={cy(c.y)}
              size={SECTION}
              corner={
                new Set(
                  spots
                    .filter((p) => p.corner && Math.floor(p.cell[0] / 2) === c.x && Math.floor(p.cell[1] / 2) === c.y)
                    .map((p) => p.cell[0] - 2 * c.x + 2 * (p.cell[1] - 2 * c.y)),
                )
              }
            />
          </g>
        ))}
        <AreaLines layout={layout} sx={sx} sy={sy} />
        {layout.cards
          .filter((c) => typeof c.card === "string")
          .map((c) => (
            <EntranceMark key="entrance" x={cx(c.x) + SECTION} y={cy(c.y) + SECTION} size={SECTION} />
          ))}
        {spots.map(({ area, cell: [x, y], corner }) => (
          <g key={cellKey(x, y)} class="area-points" data-area-points={area.points}>
            <title>
              {t("designer.area", {
                kind: speciesName(area.colour),
                sections: plural(area.sections, "sections"),
                animals: plural(area.animals, "animals"),
                points: plural(area.points, "points"),
              })}
            </title>
            <circle cx={sx(x) + (corner ? 6.5 : SECTION / 2)} cy={sy(y) + (corner ? 6.5 : SECTION / 2)} r={corner ? 6 : 9} />
            <text
              x={sx(x) + (corner ? 6.5 : SECTION / 2)}
              y={sy(y) + (corner ? 6.5 : SECTION / 2)}
              font-size={corner ? 8 : 10}
              text-anchor="middle"
              dominant-baseline="central"
            >
              {area.points}
            </text>
          </g>
        ))}
        {positions.map((p) => {
          const [x, y] = parseCell(p);
          return (
            <rect
              {...svgButton(positionWords(x, y), () => {
                setPlacement({ anchor: null, index: 0 });
                pick([p]);
              })}
              key={`pos-${p}`}
              x={cx(x) + 2}
              y={cy(y) + 2}
              width={CARD - 4}
              height={CARD - 4}
              rx={4}
              data-pos={p}
              data-seat={seat}
              class="hit choice"
            />
          );
        })}
        {card && turn && (
          <g class="card-preview" data-preview-card={number} data-turn={turn}>
            <CardSections sections={turned(card.sections, turn)} x={cx(px)} y={cy(py)} size={SECTION} />
            <rect x={cx(px)} y={cy(py)} width={CARD} height={CARD} class="preview-outline" />
          </g>
        )}
      </svg>
      {previewing && turn && (
        <RotateConfirm
          what={t("designer.card-turn", { card: number, turn })}
          onRotate={turns.length > 1 ? () => setPlacement({ anchor: null, index: placement.index + 1 }) : undefined}
          onConfirm={() => send([...choices.prefix, turn].join(" "))}
        />
      )}
    </div>
  );
}
