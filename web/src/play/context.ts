// What a board needs to offer choices: the legal actions, the words chosen so far, and
// how to choose. Boards read it with useChoice(); in a replay nothing is offered.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { Choices, type Words } from "./choices";

export interface Placement {
  /** The space an expansion is being fitted around, or null. */
  anchor: string | null;
  /** Which of the fitting placements (or card turns) is shown: one click turns it. */
  index: number;
}

export interface PlayControls {
  choices: Choices;
  /** The seat this page plays, or null for a spectator. */
  me: number | null;
  names: string[];
  /** The seat of a bot now choosing, or null. */
  thinking: number | null;
  /** Live scores are shown (on demand). */
  showScores: boolean;
  placement: Placement;
  setPlacement: (placement: Placement) => void;
  /** Each seat's last action (its notation), to mark on the board; null if none yet. */
  last: (string | null)[];
  /** The action a hovered or tapped log entry names, marked on the board; or null. */
  spotlight: { seat: number; action: string } | null;
  /** Add words to those chosen so far; an action they complete is sent. */
  pick: (words: Words) => void;
  /** Choose these words afresh (a money action's first word). */
  start: (words: Words) => void;
  send: (action: string) => void;
  reset: () => void;
}

const idle: PlayControls = {
  choices: new Choices([], []),
  me: null,
  names: [],
  thinking: null,
  showScores: false,
  placement: { anchor: null, index: 0 },
  setPlacement: () => undefined,
  last: [],
  spotlight: null,
  pick: () => undefined,
  start: () => undefined,
  send: () => undefined,
  reset: () => undefined,
};

export const PlayContext = createContext<PlayControls>(idle);

export function usePlay(): PlayControls {
  return useContext(PlayContext);
}

export interface ChoiceProps {
  /** The thing may be clicked now. */
  enabled: boolean;
  /** The thing's words are the last ones chosen. */
  selected: boolean;
  onClick: () => void;
}

/** Click handling for a thing that stands for one of `alternatives` (word sequences). */
export function useChoice(alternatives: Words[]): ChoiceProps {
  const { choices, pick } = usePlay();
  const next = choices.continuation(alternatives);
  const selected = alternatives.some((alt) => choices.chose(alt));
  return {
    enabled: next !== null,
    selected,
    onClick: () => {
      if (next) pick(next);
    },
  };
}

/** The class names that show a thing's state. */
export function choiceClass(choice: ChoiceProps, base = ""): string {
  return [base, choice.enabled ? "choice" : "", choice.selected ? "selected" : ""].filter(Boolean).join(" ");
}

/** How a place or thing of `seat`'s (its notation word, e.g. "2,3", "e5", "B") shows the
 * last moves: "moved" if the seat's last action ended there, "spotlit" if the hovered log
 * entry's did, or "". */
export function moveMark({ last, spotlight }: PlayControls, seat: number | null, word: string): string {
  const endsThere = (action: string | null | undefined) => !!action && action.split(" ").slice(1).includes(word);
  if (spotlight && (seat === null || spotlight.seat === seat) && endsThere(spotlight.action)) return "spotlit";
  if (seat !== null && endsThere(last[seat])) return "moved";
  return "";
}
