// A seat's whole water zoo: the grid, coworker slots and depot (also used by the combined
// game), and while the seat places an expansion, the buttons that turn and place it.
import type { WaterZooView } from "../../api/types";
import { RotateConfirm } from "../../components/RotateConfirm";
import { usePlay } from "../../play/context";
import { Coworkers } from "./Coworkers";
import { Depot } from "./Depot";
import { expansionOptions, optionsAt } from "./expansions";
import { WaterZoo } from "./WaterZoo";

function ExpansionButtons() {
  const { choices, placement, setPlacement, send } = usePlay();
  const options = expansionOptions(choices);
  if (!options) return null;
  const fitting = optionsAt(options, placement.anchor);
  if (fitting.length === 0) return <p class="hint">Click a dashed space: the expansion is fitted around it.</p>;
  const shown = fitting[placement.index % fitting.length];
  return (
    <RotateConfirm
      what={`the ${choices.prefix[1]} expansion`}
      onRotate={fitting.length > 1 ? () => setPlacement({ ...placement, index: placement.index + 1 }) : undefined}
      onConfirm={() => send(shown.action)}
    />
  );
}

export function WaterZooPanel({ zoo, seat, small }: { zoo: WaterZooView; seat: number; small: boolean }) {
  const { me } = usePlay();
  return (
    <div class="water-zoo-panel">
      <WaterZoo zoo={zoo} seat={seat} small={small} />
      {seat === me && <ExpansionButtons />}
      <div class="zoo-side">
        <Coworkers zoo={zoo} seat={seat} />
        <Depot depot={zoo.depot} seat={seat} />
        <span class="zoo-facts">
          {zoo.allowance} species allowed · expansions left: {zoo.small_left} small, {zoo.large_left} large
        </span>
      </div>
    </div>
  );
}
