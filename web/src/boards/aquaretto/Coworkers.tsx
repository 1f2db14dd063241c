// A water zoo's coworker slots off the grid: checkout booths (cashiers), feeding stations
// (keepers) and the manager. Each is a button while a worker may go there or leave it.
import type { WaterZooView } from "../../api/types";
import { COWORKER_PICTURE } from "../../components/tiles";
import { choiceClass, useChoice, usePlay } from "../../play/context";
import { t } from "../../i18n";

const SLOTS: { name: "cashier" | "keeper" | "manager"; label: () => string; max: number; field: "cashiers" | "keepers" | "manager" }[] = [
  { name: "cashier", label: () => t("aquaretto.cashiers"), max: 2, field: "cashiers" },
  { name: "keeper", label: () => t("aquaretto.keepers"), max: 2, field: "keepers" },
  { name: "manager", label: () => t("aquaretto.manager"), max: 1, field: "manager" },
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
      title={t("aquaretto.slot-words", { what: slot.label(), count, max: slot.max })}
      aria-label={t("aquaretto.slot-words", { what: slot.label(), count, max: slot.max })}
    >
      <span>{slot.label()}</span>
      {Array.from({ length: slot.max }, (_, i) => (
        <span key={i} class={i < count ? "worker-slot taken" : "worker-slot"} aria-hidden="true">
          {i < count && <img src={COWORKER_PICTURE} alt="" width={20} height={20} />}
        </span>
      ))}
    </button>
  );
}

export function Coworkers({ zoo, seat }: { zoo: WaterZooView; seat: number }) {
  return (
    <div class="coworkers">
      {SLOTS.map((slot) => (
        <Slot key={slot.name} zoo={zoo} seat={seat} slot={slot} />
      ))}
      <span class="trainers-count">{t("aquaretto.trainers", { n: zoo.trainers.length })}</span>
    </div>
  );
}
