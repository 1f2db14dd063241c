// One truck: its face-up tiles, free spaces (dashed) and blocked ones (crossed). It is a
// button while loading onto it or taking it is legal.
import type { Truck } from "../api/types";
import { choiceClass, useChoice, usePlay } from "../play/context";
import { TileGlyph } from "./TileGlyph";

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
  const width = Math.max(slots.length, 1) * SLOT;
  const taken = truck.taken_by !== null;
  return (
    <button
      type="button"
      class={choiceClass(choice, "truck") + (taken ? " taken" : "")}
      data-truck={truck.name}
      disabled={!choice.enabled}
      onClick={choice.onClick}
    >
      <span class="truck-name">
        {truck.name}
        {truck.game ? <small> {truck.game}</small> : null}
      </span>
      {taken ? (
        <span class="truck-taken">taken by {names[truck.taken_by ?? 0]}</span>
      ) : (
        <svg width={width} height={SLOT} viewBox={`0 0 ${width} ${SLOT}`}>
          {slots.map((slot, i) =>
            slot === "free" ? (
              <rect key={i} x={i * SLOT + 3} y={3} width={SLOT - 6} height={SLOT - 6} rx={4} class="slot-free" />
            ) : slot === "blocked" ? (
              <g key={i} class="slot-blocked">
                <rect x={i * SLOT + 3} y={3} width={SLOT - 6} height={SLOT - 6} rx={4} />
                <path d={`M${i * SLOT + 8} 8 L${i * SLOT + SLOT - 8} ${SLOT - 8} M${i * SLOT + SLOT - 8} 8 L${i * SLOT + 8} ${SLOT - 8}`} />
              </g>
            ) : (
              <TileGlyph key={i} tile={slot} x={i * SLOT} y={0} size={SLOT} />
            ),
          )}
        </svg>
      )}
    </button>
  );
}
