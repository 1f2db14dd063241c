// Other seats' moves shown one by one, so that a person can follow a bot's turn (several
// actions that arrive within milliseconds). Pushes that come faster than the pace wait in a
// queue and are shown `pace` ms apart; the seat's own actions, a reload or an undo show at
// once (nothing to follow there). The pace is a setting (localStorage `zoogames:pace`, ms;
// 0 is instant, which the browser tests use).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Snapshot } from "../api/types";

const KEY = "zoogames:pace";
export const PACES: [number, string][] = [
  [0, "instant"],
  [350, "fast"],
  [700, "normal"],
  [1400, "slow"],
];

export function storedPace(): number {
  try {
    const v = localStorage.getItem(KEY);
    return v === null ? 700 : Math.max(0, Number(v) || 0);
  } catch {
    return 700;
  }
}

export function storePace(pace: number): void {
  try {
    localStorage.setItem(KEY, String(pace));
  } catch {
    // Without storage the pace lasts as long as the page.
  }
}

/** True if everything between `from` and `to` was played by `seat` (its own actions). */
function ownMoves(from: Snapshot, to: Snapshot): boolean {
  const entries = to.log.filter((e) => e.number >= from.number);
  return to.you !== null && entries.length > 0 && entries.every((e) => e.seat === to.you);
}

export function usePaced(latest: Snapshot | null, pace: number): Snapshot | null {
  const [shown, setShown] = useState<Snapshot | null>(latest);
  const queue = useRef<Snapshot[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const current = useRef<Snapshot | null>(latest);

  const show = (s: Snapshot) => {
    current.current = s;
    setShown(s);
  };

  useEffect(() => {
    if (!latest) return;
    const now = current.current;
    const immediate = pace === 0 || !now || latest.number <= now.number || latest.id !== now.id || ownMoves(now, latest) || latest.status === "over";
    if (immediate) {
      queue.current = [];
      window.clearInterval(timer.current);
      timer.current = undefined;
      show(latest);
      return;
    }
    queue.current.push(latest);
    if (timer.current === undefined) {
      const step = () => {
        const next = queue.current.shift();
        if (next) show(next);
        if (queue.current.length === 0) {
          window.clearInterval(timer.current);
          timer.current = undefined;
        }
      };
      step();
      timer.current = window.setInterval(step, pace);
    }
  }, [latest, pace]);

  useEffect(() => () => window.clearInterval(timer.current), []);
  return shown;
}
