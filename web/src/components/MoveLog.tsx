// The move log in plain words: "<seat name> <phrase>", newest last.
import { useEffect, useRef } from "preact/hooks";
import type { LogEntry } from "../api/types";

export function MoveLog({ log, names }: { log: LogEntry[]; names: string[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);
  return (
    <section class="move-log" aria-label="move log">
      <h2>Moves</h2>
      <ol ref={list}>
        {log.map((e) => (
          <li key={e.number} data-log={e.number}>
            <strong>{names[e.seat] ?? `Seat ${e.seat + 1}`}</strong> {e.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
