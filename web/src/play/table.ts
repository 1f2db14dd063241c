// The table's logic, kept apart from the components for its tests: the clock's
// countdown, the order of "my games", the tab title's mark when the turn comes.

/** Whole seconds left until `deadline` (ISO 8601) at `now` (ms); never below 0. */
export function secondsLeft(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A countdown as a clock shows it: "0:09", "1:59", "23:59:01", "71:00:00" (hours go on). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** A game in the "my games" list: the account's or this browser's. */
export interface GameRow {
  id: string;
  status: "playing" | "over";
  yourTurn: boolean;
  createdAt: string;
}

/** Your turn first, then the other games in play, then those over; newest first in each. */
export function sortGames<T extends GameRow>(rows: T[]): T[] {
  const rank = (r: GameRow) => (r.status === "over" ? 2 : r.yourTurn ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt));
}

/** Rows of the same game merged (the account's and the browser's): the first of each id, your turn if either says so. */
export function mergeGames<T extends GameRow>(rows: T[]): T[] {
  const byId = new Map<string, T>();
  for (const r of rows) {
    const seen = byId.get(r.id);
    if (!seen) byId.set(r.id, r);
    else if (r.yourTurn && !seen.yourTurn) byId.set(r.id, { ...seen, yourTurn: true });
  }
  return [...byId.values()];
}

/** The tab's title with the turn's mark in front when the player asked for it and the turn is theirs. */
export function markedTitle(title: string, mark: string, yours: boolean, on: boolean): string {
  return yours && on ? `${mark} ${title}` : title;
}
