// A barn: its tiles, each a button for the actions that start from it (move, discard, an
// exchange's species, or another seat's tile to buy); the barn itself is where tiles go.
import { ChoiceTile } from "../../components/ChoiceTile";
import { kindOf } from "../../components/tiles";
import { choiceClass, useChoice } from "../../play/context";

export function Barn({ barn, seat, mine }: { barn: string[]; seat: number; mine: boolean }) {
  const choice = useChoice(mine ? [["barn"]] : []);
  return (
    <div class="barn">
      <button type="button" class={choiceClass(choice, "barn-target")} data-place="barn" data-seat={seat} disabled={!choice.enabled} onClick={choice.onClick}>
        barn {barn.length}
      </button>
      {barn.map((tile, i) => (
        <ChoiceTile
          key={`${tile}-${i}`}
          tile={tile}
          role="barn"
          seat={seat}
          size={32}
          alternatives={mine ? [[tile], ["barn", kindOf(tile)], [kindOf(tile)]] : [[String(seat), tile]]}
        />
      ))}
    </div>
  );
}
