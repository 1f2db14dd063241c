// The actions that are not a thing on the board: draw, pass, a money action's first word
// (move, buy, exchange, discard, expand), cancelling the words chosen so far, and undo.
// Each button exists only while the legal list holds an action it leads to.
import { usePlay } from "../play/context";
import { kindOf, kindStyle, tileWords } from "./tiles";

/** Actions of their own: one click plays them. */
const DIRECT: Record<string, string> = {
  draw: "Draw a tile",
  "draw aquaretto": "Draw an Aquaretto tile",
  "draw zooloretto": "Draw a Zooloretto tile",
  pass: "Pass",
  discard: "Discard the top depot tile (2 coins)",
  expand: "Turn over an expansion board (3 coins)",
};

/** A direct action that costs coins is not drawn as the turn's obvious step (one click spends them). */
const COSTS = /\(\d coins?\)$/;

/** First words of money actions: a click starts them, the board finishes them. */
const MODES: Record<string, string> = {
  move: "Move… (1 coin)",
  buy: "Buy… (2 coins)",
  exchange: "Exchange… (1 coin)",
  discard: "Discard… (2 coins)",
  "expand small": "Small expansion (1 coin)",
  "expand large": "Large expansion (2 coins)",
};

/** What a begun action's first word is doing, said as a player would. */
const DOING: Record<string, string> = {
  place: "placing",
  move: "moving",
  buy: "buying",
  exchange: "exchanging",
  discard: "discarding",
};

/** The words chosen so far, in words rather than notation: "placing polar bear, with a fish",
 * "small expansion", "card 17"; the first tile chosen named, places left out (the board
 * shows them). */
export function chosenWords(prefix: string[]): string {
  const [verb, ...rest] = prefix;
  if (verb === "expand") return `${rest[0] ?? ""} expansion`.trim();
  if (verb === "draw") return rest[0] ? `card ${rest[0]}` : "a card";
  const tile = rest.find((w) => kindStyle(kindOf(w)).picture !== ""); // a tile, not a place
  const doing = DOING[verb] ?? verb;
  return tile ? `${doing} ${tileWords(tile)}` : doing;
}

export function ActionBar({ canUndo, onUndo }: { canUndo: boolean; onUndo: () => void }) {
  const { choices, send, start, reset } = usePlay();
  const legal = choices.legal;
  const direct = Object.keys(DIRECT).filter((a) => legal.includes(a));
  const modes = Object.keys(MODES).filter((m) => legal.some((a) => a.startsWith(`${m} `)));
  const chosen = choices.prefix.join(" ");
  return (
    <div class="action-bar" data-chosen={chosen}>
      {direct.map((a) => (
        <button type="button" key={a} class={COSTS.test(DIRECT[a]) ? "" : "primary"} data-action={a} onClick={() => send(a)}>
          {DIRECT[a]}
        </button>
      ))}
      {modes.map((m) => (
        <button type="button" key={m} data-mode={m} class={chosen.startsWith(m) ? "selected" : ""} onClick={() => start(m.split(" "))}>
          {MODES[m]}
        </button>
      ))}
      {choices.prefix.length > 0 && (
        <span class="chosen">
          {/* Just a money action's button pressed: the button, marked, already says it. */}
          {chosen in MODES ? "" : `${chosenWords(choices.prefix)} … `}
          <button type="button" data-action="cancel" onClick={reset}>
            cancel
          </button>
        </span>
      )}
      {canUndo && (
        <button type="button" data-action="undo" onClick={onUndo}>
          ↶ Undo
        </button>
      )}
    </div>
  );
}
