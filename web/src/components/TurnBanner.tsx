// Whose turn it is and what they are doing ("Anna is placing the tiles of truck B"), and on
// the player's own turn one sentence of what they can do now, from the legal list (or, once
// an action is begun, what to choose next).
import type { GameView } from "../api/types";
import { t } from "../i18n";
import { usePlay } from "../play/context";
import { pendingWords } from "../text/words";

/** What the first words of the legal actions let a player do, in the order they are said. */
const DOING: [RegExp, () => string][] = [
  [/^draw \d/, () => t("can.take-card")],
  // Zooloretto's "draw", the combined game's "draw aquaretto": never Designer's "draw 17 …".
  [/^draw( aquaretto| zooloretto)?$/, () => t("can.draw")],
  [/^load /, () => t("can.load")],
  [/^take /, () => t("can.take")],
  [/^place /, () => t("can.place")],
  [/^(move|buy|exchange|discard|expand)( |$)/, () => t("can.spend")],
  [/^pass$/, () => t("can.pass")],
];

/** What to choose next once an action is begun (its first words chosen), in one sentence. */
const NEXT: [RegExp, () => string][] = [
  [/^expand (small|large)$/, () => t("next.expand")],
  [/^move$/, () => t("next.move")],
  [/^buy$/, () => t("next.buy")],
  [/^exchange$/, () => t("next.exchange")],
  [/^discard$/, () => t("next.discard")],
  [/^draw \d+$/, () => t("next.draw")],
  [/^(place|move|buy|exchange|discard) ./, () => t("next.where")],
];

/** The sentence for an action begun with `prefix` (words chosen so far), or "". */
export function nextStep(prefix: string[]): string {
  const chosen = prefix.join(" ");
  return chosen ? (NEXT.find(([re]) => re.test(chosen))?.[1]() ?? "") : "";
}

/** "Draw a tile, take a truck, or spend coins." */
export function canDo(legal: string[]): string {
  const things = DOING.filter(([re]) => legal.some((a) => re.test(a))).map(([, words]) => words());
  if (things.length === 0) return "";
  const text = things.length === 1 ? things[0] : t("can.or", { things: things.slice(0, -1).join(", "), last: things[things.length - 1] });
  return t("can.sentence", { text: `${text.charAt(0).toUpperCase()}${text.slice(1)}` });
}

/** What an Aquaretto seat must do with what it has earned: where it may go. */
function placeEarned(pending: string): string {
  return pending === "worker" ? t("next.place-worker") : t("next.place-offspring", { what: pendingWords(pending) });
}

/** What the seat to move is doing, as others see it: from the game's own view, by its `game`
 * field, so that a field one game shares by name with another (Designer's `drawn` is a list of
 * who has taken a card, the truck games' the tile waiting for a truck) never speaks of trucks
 * in a game that has none. */
export function doing(view: GameView, name: string): string {
  switch (view.game) {
    case "aquarium-designer":
      return t("others.designer-choosing", { name });
    case "aquaretto":
    case "zooloretto":
    case "aquaretto-zooloretto": {
      if (view.unloading.length > 0) {
        const truck = view.to_move !== null ? view.zoos[view.to_move]?.truck : null;
        return truck ? t("others.placing-truck", { name, truck }) : t("others.placing-a-truck", { name });
      }
      if (view.drawn) return t("others.loading", { name });
      if ("pending" in view && view.pending) return t("others.placing", { name, what: pendingWords(view.pending) });
      return t("others.choosing", { name });
    }
  }
}

export function TurnBanner({ view, you, names, thinking }: { view: GameView; you: number | null; names: string[]; thinking: number | null }) {
  const { choices } = usePlay();
  if (view.to_move === null) return null;
  const mine = view.to_move === you;
  return (
    <p class={mine ? "turn-banner mine" : "turn-banner"} data-banner={mine ? "mine" : "other"}>
      {mine ? (
        <>
          <strong>{t("turn.yours")}</strong> {"pending" in view && view.pending ? placeEarned(view.pending) : nextStep(choices.prefix) || canDo(view.legal)}
        </>
      ) : thinking === view.to_move ? (
        t("turn.thinking", { name: names[view.to_move] })
      ) : (
        t("can.sentence", { text: doing(view, names[view.to_move]) })
      )}
    </p>
  );
}
