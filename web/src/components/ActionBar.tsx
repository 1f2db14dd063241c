// The actions that are not a thing on the board: draw, pass, a money action's first word
// (move, buy, exchange, discard, expand), cancelling the words chosen so far, and undo.
// Each button exists only while the legal list holds an action it leads to.
import { t } from "../i18n";
import { usePlay } from "../play/context";
import { Icon } from "./Icon";
import { kindOf, kindStyle, tileWords } from "./tiles";

/** Actions of their own: one click plays them (their words: ui catalogue keys). */
const DIRECT: Record<string, () => string> = {
  draw: () => t("action.draw"),
  "draw aquaretto": () => t("action.draw-aquaretto"),
  "draw zooloretto": () => t("action.draw-zooloretto"),
  pass: () => t("action.pass"),
  discard: () => t("action.discard-top"),
  expand: () => t("action.expand"),
};

/** A direct action that costs coins is not drawn as the turn's obvious step (one click spends them). */
const COSTS = new Set(["discard", "expand"]);

/** Aquarium Designer's taking of a card ("draw 17 1,0 r90"): never a truck game's "draw". */
const TAKE_CARD = /^draw \d/;

/** Whether direct action `action` is drawn as the turn's obvious step: not one that spends
 * coins, and not "pass" while something else may be done (in Aquarium Designer taking a card
 * is the turn; passing gives the choice to the others). */
export function isPrimary(action: string, legal: string[]): boolean {
  if (COSTS.has(action)) return false;
  if (action === "pass") return legal.every((a) => a === "pass");
  return true;
}

/** Whether a card of Aquarium Designer's offer may be taken now (the board's offer cards take it). */
export function takesCard(legal: string[]): boolean {
  return legal.some((a) => TAKE_CARD.test(a));
}

/** Brings the offer's first card that may be taken into view and focus: the card is chosen there. */
function showOffer(): void {
  const card = document.querySelector<HTMLButtonElement>(".offer-card.choice");
  card?.scrollIntoView?.({ block: "nearest" });
  card?.focus();
}

/** First words of money actions: a click starts them, the board finishes them. */
const MODES: Record<string, () => string> = {
  move: () => t("mode.move"),
  buy: () => t("mode.buy"),
  exchange: () => t("mode.exchange"),
  discard: () => t("mode.discard"),
  "expand small": () => t("mode.expand-small"),
  "expand large": () => t("mode.expand-large"),
};

/** What a begun action's first word is doing, said as a player would. */
const DOING: Record<string, () => string> = {
  place: () => t("doing.place"),
  move: () => t("doing.move"),
  buy: () => t("doing.buy"),
  exchange: () => t("doing.exchange"),
  discard: () => t("doing.discard"),
};

/** The words chosen so far, in words rather than notation: "placing polar bear, with a fish",
 * "small expansion", "card 17"; the first tile chosen named, places left out (the board
 * shows them). */
export function chosenWords(prefix: string[]): string {
  const [verb, ...rest] = prefix;
  if (verb === "expand") return rest[0] === "small" ? t("chosen.expand-small") : rest[0] === "large" ? t("chosen.expand-large") : t("chosen.expand");
  if (verb === "draw") return rest[0] ? t("chosen.card", { card: rest[0] }) : t("chosen.a-card");
  const tile = rest.find((w) => kindStyle(kindOf(w)).picture !== ""); // a tile, not a place
  const doing = DOING[verb]?.() ?? verb;
  return tile ? t("chosen.doing-tile", { doing, tile: tileWords(tile) }) : doing;
}

export function ActionBar({ canUndo, onUndo }: { canUndo: boolean; onUndo: () => void }) {
  const { choices, send, start, reset } = usePlay();
  const legal = choices.legal;
  const direct = Object.keys(DIRECT).filter((a) => legal.includes(a));
  const modes = Object.keys(MODES).filter((m) => legal.some((a) => a.startsWith(`${m} `)));
  const chosen = choices.prefix.join(" ");
  return (
    <div class="action-bar" data-chosen={chosen}>
      {choices.prefix.length === 0 && takesCard(legal) && (
        <button type="button" class="primary" data-action="take-card" title={t("action.take-card-help")} onClick={showOffer}>
          {t("action.take-card")}
        </button>
      )}
      {direct.map((a) => (
        <button type="button" key={a} class={isPrimary(a, legal) ? "primary" : ""} data-action={a} onClick={() => send(a)}>
          {DIRECT[a]()}
        </button>
      ))}
      {modes.map((m) => (
        <button type="button" key={m} data-mode={m} class={chosen.startsWith(m) ? "selected" : ""} onClick={() => start(m.split(" "))}>
          {MODES[m]()}
        </button>
      ))}
      {choices.prefix.length > 0 && (
        <span class="chosen">
          {/* Just a money action's button pressed: the button, marked, already says it. */}
          {chosen in MODES ? "" : `${chosenWords(choices.prefix)} … `}
          <button type="button" data-action="cancel" onClick={reset}>
            {t("action.cancel")}
          </button>
        </span>
      )}
      {canUndo && (
        <button type="button" data-action="undo" onClick={onUndo}>
          <Icon name="undo" size={14} /> {t("action.undo")}
        </button>
      )}
    </div>
  );
}
