// A seat's whole water zoo: the grid, coworker slots and depot (also used by the combined
// game), and while the seat places an expansion, the buttons that turn and place it.
import type { WaterZooView } from "../../api/types";
import { RotateConfirm } from "../../components/RotateConfirm";
import { usePlay } from "../../play/context";
import { Coworkers } from "./Coworkers";
import { Depot } from "./Depot";
import { expansionOptions, optionsAt } from "./expansions";
import { WaterZoo } from "./WaterZoo";
import { t } from "../../i18n";

function ExpansionButtons() {
  const { choices, placement, setPlacement, send } = usePlay();
  const options = expansionOptions(choices);
  if (!options) return null;
  const fitting = optionsAt(options, placement.anchor);
  if (fitting.length === 0) return <p class="hint">{t("aquaretto.expansion-hint")}</p>;
  const shown = fitting[placement.index % fitting.length];
  return (
    <RotateConfirm
      what={choices.prefix[1] === "small" ? t("aquaretto.the-small") : t("aquaretto.the-large")}
      onRotate={fitting.length > 1 ? () => setPlacement({ ...placement, index: placement.index + 1 }) : undefined}
      onConfirm={() => send(shown.action)}
    />
  );
}

const PIECE = 11;
/** The expansion boards' shapes, in spaces: the small one an L of 3, the large a square of 4. */
const SHAPES = {
  small: [
    [0, 0],
    [0, 1],
    [1, 1],
  ],
  large: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
};

/** The expansion boards a seat has not placed yet, face up beside its zoo. */
function BoardsLeft({ small, large }: { small: number; large: number }) {
  const pieces: ("small" | "large")[] = [...Array<"small">(small).fill("small"), ...Array<"large">(large).fill("large")];
  if (pieces.length === 0) return null;
  const width = pieces.length * (2 * PIECE + 5);
  const words = t("aquaretto.boards-left", { small, large });
  return (
    <span class="boards-left" role="img" aria-label={words} title={words} data-boards-left={`${small} ${large}`}>
      <svg width={width} height={2 * PIECE + 2} viewBox={`0 0 ${width} ${2 * PIECE + 2}`} aria-hidden="true">
        {pieces.map((size, i) => (
          <g key={i} data-piece={size}>
            {SHAPES[size].map(([x, y]) => (
              <rect key={`${x},${y}`} x={1 + i * (2 * PIECE + 5) + x * PIECE} y={1 + y * PIECE} width={PIECE} height={PIECE} class="piece-space" />
            ))}
          </g>
        ))}
      </svg>
    </span>
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
        <BoardsLeft small={zoo.small_left} large={zoo.large_left} />
        <span class="zoo-facts" title={t("aquaretto.allowance-help")}>
          {t("aquaretto.allowance", { count: zoo.allowance })}
        </span>
      </div>
    </div>
  );
}
