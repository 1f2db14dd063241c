// The move log in plain words: "<seat name> <phrase>", newest last, a heading for each
// round, and a line of its own for what happened to a seat ("Bob left the table; …"). A move
// is credited to whoever held the seat when it was made (`entryBy`); other seats named in a
// phrase ({n}) get their current names. Hovering, focusing
// or tapping an entry marks what it changed on the board (`onShow`); a tap also brings
// the mark into view when it is out of sight (on a phone the log lies below the board).
// Only a mouse hovers: a browser may send a touch's pointer "leave" once the page
// scrolls under the finger, which would take back the mark the tap just showed.
import { useEffect, useRef } from "preact/hooks";
import type { LogEntry, TableEvent } from "../api/types";
import { t } from "../i18n";
import { still } from "../play/Flights";
import { renderMessage } from "../i18n/message";
import { entryBy, eventText, eventsAfter } from "../text/events";
import { fillNames } from "../text/words";

interface Props {
  log: LogEntry[];
  names: string[];
  /** What happened to the seats (system lines, placed by their `number`). */
  events?: TableEvent[];
  /** The entry shown on the board (hovered or tapped), or null. */
  onShow?: (entry: LogEntry | null) => void;
  /** The entry to mark as the current one (a replay's position), if any. */
  current?: number | null;
}

/** An entry's phrase in the reader's language: its message if the server sent one, else its
 * English text (an older server), other seats named either way. */
export function entryPhrase(entry: LogEntry, names: string[]): string {
  return entry.message ? renderMessage(entry.message, names) : fillNames(entry.text, names);
}

/** "<seat name> <phrase>", for the page's live announcement. */
export function entryText(entry: LogEntry, names: string[]): string {
  return `${entryBy(entry, names)} ${entryPhrase(entry, names)}`;
}

/** Once the board has drawn the tapped entry's mark, scroll it to the middle of the screen
 * unless its centre is already in sight: on screen and not under the sticky action bar. */
function revealMark(): void {
  requestAnimationFrame(() => {
    const mark = document.querySelector(".spotlit, .expansion-spotlit");
    if (!mark) return;
    const box = mark.getBoundingClientRect();
    // null off screen; within the mark's own board when nothing covers it (a tile may)
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (mark.closest("svg") ?? mark).contains(hit)) return;
    mark.scrollIntoView({ block: "center", behavior: still() ? "auto" : "smooth" });
  });
}

export function MoveLog({ log, names, events = [], onShow, current = null }: Props) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const marked = current === null ? null : el.querySelector<HTMLElement>(`[data-log="${current}"]`);
    if (marked) marked.scrollIntoView({ block: "nearest" });
    else if (current === null) {
      el.scrollTop = el.scrollHeight;
      // The bundled font may arrive later and rewrap the entries: keep the newest in view.
      document.fonts?.ready.then(() => {
        el.scrollTop = el.scrollHeight;
      });
    } else el.scrollTop = 0; // a replay at its start, before the first entry
  }, [log.length, current]);
  const items = [];
  const systemLines = (after: number) =>
    eventsAfter(events, after).map((ev, i) => (
      <li key={`event-${after}-${i}`} class="log-event" data-event={ev.kind}>
        {eventText(ev)}
      </li>
    ));
  items.push(...systemLines(-1));
  let round: number | null | undefined = undefined;
  for (const e of log) {
    if (e.round !== round && e.round !== null && e.round !== undefined) {
      items.push(
        <li key={`round-${e.round}-${e.number}`} class="round-heading" data-round={e.round} aria-hidden="true">
          {t("log.round", { round: e.round })}
        </li>,
      );
    }
    round = e.round;
    items.push(
      <li
        key={e.number}
        data-log={e.number}
        data-action-text={e.action}
        class={e.number === current ? "current" : undefined}
        aria-current={e.number === current ? "step" : undefined}
        tabIndex={onShow ? 0 : undefined}
        onPointerEnter={onShow ? (ev) => ev.pointerType === "mouse" && onShow(e) : undefined}
        onPointerLeave={onShow ? (ev) => ev.pointerType === "mouse" && onShow(null) : undefined}
        onFocus={onShow ? () => onShow(e) : undefined}
        onBlur={onShow ? () => onShow(null) : undefined}
        onClick={
          onShow
            ? () => {
                onShow(e);
                revealMark();
              }
            : undefined
        }
      >
        <strong>{entryBy(e, names)}</strong> {entryPhrase(e, names)}
      </li>,
    );
    items.push(...systemLines(e.number));
  }
  return (
    <section class="move-log" aria-label={t("log.label")}>
      <h2>{t("log.title")}</h2>
      {log.length === 0 && <p class="log-empty">{t("log.empty")}</p>}
      <ol ref={list}>{items}</ol>
    </section>
  );
}
