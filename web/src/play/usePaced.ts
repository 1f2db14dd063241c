// Other seats' moves shown one by one, so that a person can follow a bot's turn (several
// actions that arrive within milliseconds). Pushes that come faster than the pace wait in a
// queue and are shown `pace` ms apart; the seat's own actions, a reload or an undo show at
// once (nothing to follow there). The pace is a setting (localStorage `zoogames:pace`, ms;
// 0 is instant, which the browser tests use).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Snapshot } from "../api/types";
import { t } from "../i18n";

const KEY = "zoogames:pace";
export const PACES: [number, () => string][] = [
  [0, () => t("pace.instant")],
  [350, () => t("pace.fast")],
  [700, () => t("pace.normal")],
  [1400, () => t("pace.slow")],
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
  const shown = useRef<Snapshot | null>(latest);
  const seen = useRef<Snapshot | null>(latest);
  const queue = useRef<Snapshot[]>([]);
  /** When the move shown last has been on the board long enough (performance.now()). */
  const readyAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const [, redraw] = useState(0);

  // Decided while rendering, so that a snapshot shown at once is drawn in this very render
  // (the page never holds a position it need not).
  if (latest !== seen.current) {
    seen.current = latest;
    const now = shown.current;
    if (latest) {
      const immediate = pace === 0 || !now || latest.number <= now.number || latest.id !== now.id || ownMoves(now, latest) || latest.status === "over";
      if (immediate) {
        queue.current = [];
        shown.current = latest;
        readyAt.current = 0;
      } else if (queue.current.length === 0 && performance.now() >= readyAt.current) {
        shown.current = latest;
        readyAt.current = performance.now() + pace;
      } else {
        queue.current.push(latest);
      }
    }
  }

  // Queued moves come out one at a time, `pace` ms apart.
  useEffect(() => {
    if (queue.current.length === 0 || timer.current !== undefined) return;
    const step = () => {
      timer.current = undefined;
      const next = queue.current.shift();
      if (next) {
        shown.current = next;
        readyAt.current = performance.now() + pace;
        redraw((n) => n + 1);
      }
      if (queue.current.length > 0) timer.current = window.setTimeout(step, pace);
    };
    timer.current = window.setTimeout(step, Math.max(0, readyAt.current - performance.now()));
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return shown.current;
}
