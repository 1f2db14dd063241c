// The barn, in the zoo board's corner as on the cardboard: a building (a roof over its
// floor) holding every tile that is not in an enclosure or on a stall space. Its door is
// where tiles go ("barn"); each tile is a button for the actions that start from it (move,
// discard, an exchange's species, or another seat's tile to buy).
import { ChoiceTile } from "../../components/ChoiceTile";
import { kindOf } from "../../components/tiles";
import { groupTiles } from "../group";
import { choiceClass, useChoice } from "../../play/context";
import { plural } from "../../text/words";
import { t } from "../../i18n";

export function Barn({ barn, seat, mine }: { barn: string[]; seat: number; mine: boolean }) {
  const choice = useChoice(mine ? [["barn"]] : []);
  return (
    <div class="barn" style={{ gridArea: "barn" }}>
      <svg class="barn-roof" viewBox="0 0 100 16" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 16 L50 1 L100 16 Z" />
      </svg>
      <div class="barn-floor">
        <button
          type="button"
          class={choiceClass(choice, "barn-target")}
          data-place="barn"
          data-seat={seat}
          disabled={!choice.enabled}
          onClick={choice.onClick}
          aria-label={t("barn.words", { tiles: plural(barn.length, "tiles") })}
        >
          {t("barn.count", { n: barn.length })}
        </button>
        {/* Each species together, the same tiles once with their count: the barn costs per species. */}
        {groupTiles(barn).map(({ tile, count }) => (
          <span key={tile} class="tile-group" data-group={tile} data-count={count}>
            <ChoiceTile
              tile={tile}
              role="barn"
              seat={seat}
              size={30}
              alternatives={mine ? [[tile], ["barn", kindOf(tile)], [kindOf(tile)]] : [[String(seat), tile]]}
            />
            {count > 1 && <span class="tile-count">{t("tiles.times", { count })}</span>}
          </span>
        ))}
      </div>
    </div>
  );
}
