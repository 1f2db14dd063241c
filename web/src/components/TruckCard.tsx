// One truck: its face-up tiles, free spaces (dashed) and blocked ones (crossed). It is a
// button while loading onto it or taking it is legal.
import type { Truck } from "../api/types";
import { choiceClass, useChoice, usePlay } from "../play/context";
import { TileGlyph } from "./TileGlyph";
import { tileWords } from "./tiles";
import { t } from "../i18n";
import { gameName } from "../text/words";

const SLOT = 34;

export function TruckCard({ truck }: { truck: Truck }) {
  const { names } = usePlay();
  const choice = useChoice([
    ["load", truck.name],
    ["take", truck.name],
  ]);
  const slots: ("free" | "blocked" | string)[] = [...truck.tiles];
  for (let i = 0; i < truck.free; i++) slots.push("free");
  for (let i = 0; i < truck.blocked; i++) slots.push("blocked");
  const bed = Math.max(slots.length, 1) * SLOT + 6;
  const width = bed + 28;
  const height = SLOT + 16;
  const taken = truck.taken_by !== null;
  // With two piles, the game whose tiles the truck carries this round (null until loaded).
  const game = "game" in truck ? truck.game : null;
  const parts = [truck.tiles.length > 0 ? truck.tiles.map(tileWords).join(", ") : t("truck.empty")];
  if (truck.free) parts.push(t("truck.free", { count: truck.free }));
  if (truck.blocked) parts.push(t("truck.blocked", { count: truck.blocked }));
  if (taken) parts.push(t("truck.taken-by", { name: names[truck.taken_by ?? 0] }));
  const words = t("truck.words", { truck: game ? `${truck.name} ${gameName(game)}` : truck.name, what: parts.join(", ") });
  return (
    <button
      type="button"
      class={choiceClass(choice, "truck") + (taken ? " taken" : "")}
      data-truck={truck.name}
      disabled={!choice.enabled}
      onClick={choice.onClick}
      aria-label={taken ? undefined : words}
      title={words}
    >
      <span class="truck-name">
        {truck.name}
        {game ? <small> {gameName(game)}</small> : null}
      </span>
      {taken ? (
        <span class="truck-taken">{t("truck.taken-by", { name: names[truck.taken_by ?? 0] })}</span>
      ) : (
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" class="van">
          {/* a delivery van: the load bed with its spaces, the cab in front, two wheels */}
          <rect x={0} y={1} width={bed} height={SLOT + 4} rx={4} class="van-bed" />
          <path d={`M${bed + 1} ${8} h14 l11 11 v${SLOT - 14} h-25z`} class="van-cab" />
          <rect x={bed + 15} y={11} width={8} height={8} rx={1} class="van-window" />
          <circle cx={12} cy={SLOT + 9} r={6} class="van-wheel" />
          <circle cx={bed + 12} cy={SLOT + 9} r={6} class="van-wheel" />
          {slots.map((slot, i) =>
            slot === "free" ? (
              <rect key={i} x={i * SLOT + 6} y={6} width={SLOT - 6} height={SLOT - 6} rx={4} class="slot-free" />
            ) : slot === "blocked" ? (
              <g key={i} class="slot-blocked">
                <title>{t("truck.blocked-slot")}</title>
                <rect x={i * SLOT + 6} y={6} width={SLOT - 6} height={SLOT - 6} rx={4} />
                <path d={`M${i * SLOT + 11} 11 L${i * SLOT + SLOT - 5} ${SLOT - 5} M${i * SLOT + SLOT - 5} 11 L${i * SLOT + 11} ${SLOT - 5}`} />
              </g>
            ) : (
              <TileGlyph key={i} tile={slot} x={i * SLOT + 3} y={3} size={SLOT} />
            ),
          )}
        </svg>
      )}
    </button>
  );
}
