// The choosing state of a page that plays a seat: the words chosen so far and an
// expansion's or card's placement, both forgotten when the position changes.
import { useEffect, useState } from "preact/hooks";
import { Choices, type Words } from "./choices";
import type { Placement, PlayControls } from "./context";

interface Seat {
  legal: string[];
  /** Changes whenever the position does (the number of actions played). */
  position: number;
  me: number | null;
  names: string[];
  thinking: number | null;
  showScores: boolean;
  onSend: (action: string) => void;
  last?: (string | null)[];
  spotlight?: { seat: number; action: string } | null;
}

export function useControls({ legal, position, me, names, thinking, showScores, onSend, last = [], spotlight = null }: Seat): PlayControls {
  const [prefix, setPrefix] = useState<Words>([]);
  const [placement, setPlacement] = useState<Placement>({ anchor: null, index: 0 });
  const legalKey = legal.join("|");
  const choose = (words: Words) => {
    setPrefix(words);
    setPlacement({ anchor: null, index: 0 });
  };
  useEffect(() => choose([]), [position, legalKey]);
  const send = (action: string) => {
    choose([]);
    onSend(action);
  };
  return {
    choices: new Choices(legal, prefix),
    me,
    names,
    thinking,
    showScores,
    placement,
    setPlacement,
    last,
    spotlight,
    pick: (words) => {
      const next = new Choices(legal, [...prefix, ...words]);
      const action = next.complete();
      if (action && next.nextWords().length === 0) send(action);
      else choose([...prefix, ...words]);
    },
    start: choose,
    send,
    reset: () => choose([]),
  };
}
