// One aquarium: its cards on their positions, lines between areas, the points of scoring
// areas, and — for the seat that plays — the free positions and the chosen card's preview.
import type { CardView, LayoutView } from "../../api/types";
import { RotateConfirm } from "../../components/RotateConfirm";
import { usePlay } from "../../play/context";
import { CardSections } from "./CardSections";
import { turned } from "./sections";

const SECTION = 26;
const CARD = 2 * SECTION;

const key = (x: number, y: number) => `${x},${y}`;

function AreaLines({ layout, sx, sy }: { layout: LayoutView; sx: (v: number) => number; sy: (v: number) => number }) {
  const areaOf = new Map<string, number>();
  layout.areas.forEach((a, i) => a.cells.forEach(([x, y]) => areaOf.set(key(x, y), i)));
  const lines: string[] = [];
  for (const [cell, area] of areaOf) {
    const [x, y] = cell.split(",").map(Number);
    const right = areaOf.get(key(x + 1, y));
    const below = areaOf.get(key(x, y + 1));
    if (right !== undefined && right !== area) lines.push(`M${sx(x + 1)} ${sy(y)}v${SECTION}`);
    if (below !== undefined && below !== area) lines.push(`M${sx(x)} ${sy(y + 1)}h${SECTION}`);
  }
  return <path d={lines.join("")} class="area-lines" />;
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
  const [px, py] = position ? position.split(",").map(Number) : [0, 0];

  return (
    <div class="layout">
      <svg
        class={small ? "designer-layout small" : "designer-layout"}
        data-layout={seat}
        viewBox={`-3 -3 ${width + 6} ${height + 6}`}
        style={{ maxWidth: `${(width + 6) * (small ? 1.2 : 2.2)}px` }}
      >
        {layout.free.map(([x, y]) => (
          <rect key={`free-${key(x, y)}`} x={cx(x) + 2} y={cy(y) + 2} width={CARD - 4} height={CARD - 4} rx={4} class="free-position" />
        ))}
        {layout.cards.map((c) => (
          <CardSections key={String(c.card)} sections={c.sections} x={cx(c.x)} y={cy(c.y)} size={SECTION} />
        ))}
        <AreaLines layout={layout} sx={sx} sy={sy} />
        {layout.areas
          .filter((a) => a.points > 0)
          .map((a) => {
            const [x, y] = a.cells[0];
            return (
              <text key={key(x, y)} x={sx(x) + 3} y={sy(y) + 10} class="area-points">
                {a.points}
              </text>
            );
          })}
        {positions.map((p) => {
          const [x, y] = p.split(",").map(Number);
          return (
            <rect
              key={`pos-${p}`}
              x={cx(x) + 2}
              y={cy(y) + 2}
              width={CARD - 4}
              height={CARD - 4}
              rx={4}
              data-pos={p}
              data-seat={seat}
              class="hit choice"
              onClick={() => {
                setPlacement({ anchor: null, index: 0 });
                pick([p]);
              }}
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
          what={`card ${number} (${turn})`}
          onRotate={turns.length > 1 ? () => setPlacement({ anchor: null, index: placement.index + 1 }) : undefined}
          onConfirm={() => send([...choices.prefix, turn].join(" "))}
        />
      )}
    </div>
  );
}
