// What happened to a table's seats, as system lines of the move log and the chat: "Bob left
// the table; a Beginner bot plays the seat". A seat changes hands, but who made a move never
// does: `entryBy` names the player who held the seat when an entry was played.
import type { LogEntry, TableEvent } from "../api/types";
import { t } from "../i18n";
import { botName, seatName } from "./words";

/** The name of the player an event is about, or the seat's default name. */
function who(event: TableEvent): string {
  return event.name ?? (event.seat === null ? "" : seatName(event.seat));
}

/** An event in the reader's language. */
export function eventText(event: TableEvent): string {
  switch (event.kind) {
    case "joined":
      return t("event.joined", { name: who(event) });
    case "left":
      return t("event.left", { name: who(event), bot: botName(event.bot) });
    case "timed_out":
      return t("event.timed-out", { name: who(event), bot: botName(event.bot) });
    case "forfeited":
      return t("event.forfeited", { name: who(event) });
    case "rematch":
      return t("event.rematch");
    default:
      return event.kind;
  }
}

/** Who made `entry`: the player who held its seat then (`by`, where the seat has changed hands
 * since), else the seat's name now. */
export function entryBy(entry: LogEntry, names: string[]): string {
  if (entry.by !== undefined) return entry.by ?? seatName(entry.seat);
  return names[entry.seat] ?? seatName(entry.seat);
}

/** The events to show after the entry numbered `number` (-1: before the first one). */
export function eventsAfter(events: TableEvent[], number: number): TableEvent[] {
  return events.filter((e) => e.number === number + 1);
}
