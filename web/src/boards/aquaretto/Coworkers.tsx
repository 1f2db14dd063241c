// A water zoo's coworker slots off the grid: checkout booths (cashiers), feeding stations
// (keepers) and the manager. Each is a button while a worker may go there or leave it.
import type { WaterZooView } from "../../api/types";
import { choiceClass, useChoice, usePlay } from "../../play/context";

const SLOTS: { name: "cashier" | "keeper" | "manager"; label: string; max: number; field: "cashiers" | "keepers" | "manager" }[] = [
  { name: "cashier", label: "cashiers", max: 2, field: "cashiers" },
  { name: "keeper", label: "keepers", max: 2, field: "keepers" },
  { name: "manager", label: "manager", max: 1, field: "manager" },
];

function Slot({ zoo, seat, slot }: { zoo: WaterZooView; seat: number; slot: (typeof SLOTS)[number] }) {
  const { me } = usePlay();
  const choice = useChoice(seat === me ? [[slot.name], ["worker", slot.name]] : []);
  const count = zoo[slot.field];
  return (
    <button
      type="button"
      class={choiceClass(choice, "coworker")}
      data-place={slot.name}
      data-seat={seat}
      disabled={!choice.enabled}
      onClick={choice.onClick}
      title={`${slot.label}: ${count} of ${slot.max}`}
    >
      {slot.label} {"●".repeat(count)}
      {"○".repeat(slot.max - count)}
    </button>
  );
}

export function Coworkers({ zoo, seat }: { zoo: WaterZooView; seat: number }) {
  return (
    <div class="coworkers">
      {SLOTS.map((slot) => (
        <Slot key={slot.name} zoo={zoo} seat={seat} slot={slot} />
      ))}
      <span class="trainers-count">trainers {zoo.trainers.length}</span>
    </div>
  );
}
