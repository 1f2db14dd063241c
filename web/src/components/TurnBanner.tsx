// Whose turn it is and what they are doing ("Anna is placing the tiles of truck B"), and on
// the player's own turn one sentence of what they can do now, from the legal list (or, once
// an action is begun, what to choose next).
import type { GameView } from "../api/types";
import { usePlay } from "../play/context";
import { pendingWords } from "../text/words";

/** What the first words of the legal actions let a player do, in the order they are said. */
const DOING: [RegExp, string][] = [
  [/^draw \d/, "take a card of the offer and add it to your aquarium"],
  // Zooloretto's "draw", the combined game's "draw aquaretto": never Designer's "draw 17 …".
  [/^draw( aquaretto| zooloretto)?$/, "draw a tile"],
  [/^load /, "put the drawn tile on a truck"],
  [/^take /, "take a truck"],
  [/^place /, "place the tiles of your truck"],
  [/^(move|buy|exchange|discard|expand)( |$)/, "spend coins"],
  [/^pass$/, "pass"],
];

/** What to choose next once an action is begun (its first words chosen), in one sentence. */
const NEXT: [RegExp, string][] = [
  [
    /^expand (small|large)$/,
    "Click a dashed space beside your water zoo: the expansion board is fitted around it; turn it until it lies as you want, then place it.",
  ],
  [/^move$/, "Choose the tile to move, then where it goes."],
  [/^buy$/, "Choose what to buy: the top of another player's depot, or a tile in another player's barn; then where it goes."],
  [/^exchange$/, "Choose two enclosures to exchange, or an enclosure and a species in your barn."],
  [/^discard$/, "Choose the tile in your barn to discard."],
  [/^draw \d+$/, "Choose a free position for the card (dashed), then turn it and place it."],
  [/^(place|move|buy|exchange|discard) ./, "Now choose where it goes: a highlighted space or place."],
];

/** The sentence for an action begun with `prefix` (words chosen so far), or "". */
export function nextStep(prefix: string[]): string {
  const chosen = prefix.join(" ");
  return chosen ? (NEXT.find(([re]) => re.test(chosen))?.[1] ?? "") : "";
}

/** "Draw a tile, take a truck, or spend coins." */
export function canDo(legal: string[]): string {
  const things = DOING.filter(([re]) => legal.some((a) => re.test(a))).map(([, words]) => words);
  if (things.length === 0) return "";
  const text = things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")}, or ${things[things.length - 1]}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** What an Aquaretto seat must do with what it has earned: where it may go. */
function placeEarned(pending: string): string {
  return pending === "worker"
    ? "Place your new coworker: on a checkout booth, a feeding station, the manager's place, or a space of your water zoo as a trainer."
    : `Place ${pendingWords(pending)} in its basin (a highlighted space).`;
}

/** What the seat to move is doing, as others see it. */
function doing(view: GameView, name: string): string {
  if ("unloading" in view && view.unloading.length > 0) {
    const zoos = "zoos" in view ? view.zoos : [];
    const truck = view.to_move !== null ? zoos[view.to_move]?.truck : null;
    return `${name} is placing the tiles of ${truck ? `truck ${truck}` : "a truck"}`;
  }
  if ("drawn" in view && view.drawn) return `${name} is putting the drawn tile on a truck`;
  if ("pending" in view && view.pending) return `${name} is placing ${pendingWords(view.pending)}`;
  return `${name} is choosing a move`;
}

export function TurnBanner({ view, you, names, thinking }: { view: GameView; you: number | null; names: string[]; thinking: number | null }) {
  const { choices } = usePlay();
  if (view.to_move === null) return null;
  const mine = view.to_move === you;
  return (
    <p class={mine ? "turn-banner mine" : "turn-banner"} data-banner={mine ? "mine" : "other"}>
      {mine ? (
        <>
          <strong>Your turn.</strong> {"pending" in view && view.pending ? placeEarned(view.pending) : nextStep(choices.prefix) || canDo(view.legal)}
        </>
      ) : thinking === view.to_move ? (
        `${names[view.to_move]} is thinking…`
      ) : (
        `${doing(view, names[view.to_move])}.`
      )}
    </p>
  );
}
