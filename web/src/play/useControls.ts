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
  // A tile chosen (the first words of an action), the places it may go are marked on your
  // board: on a phone they may lie below the screen's edge, so the first is scrolled into
  // sight under the sticky turn strip (smoothly, unless the reader asked for less motion).
  const chosen = prefix.join(" ");
  useEffect(() => {
    if (!chosen) return;
    const frame = requestAnimationFrame(() => {
      const target = document.querySelector("#board .seat-slot.mine .choice");
      if (!target) return;
      const box = target.getBoundingClientRect();
      const strip = document.querySelector(".turn-strip")?.getBoundingClientRect().bottom ?? 0;
      if (box.top >= strip && box.bottom <= window.innerHeight) return;
      const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target.scrollIntoView({ block: "center", behavior: calm ? "auto" : "smooth" });
    });
    return () => cancelAnimationFrame(frame);
  }, [chosen]);
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
