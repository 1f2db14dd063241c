// The table's logic, kept apart from the components for its tests: the clock's
// countdown, the order of "my games", the tab title's mark when the turn comes.

/** Whole seconds left until `deadline` (ISO 8601) at `now` (ms); never below 0. */
export function secondsLeft(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A countdown as a clock shows it, in words that read in both languages: "0:09", "1:45" under
 * an hour; "1 h 45 min" under ten hours; "23 h", "71 h" beyond. Whole hours are rounded down,
 * so that a day's clock never reads more than its day ("24:00:01" once the page's clock lagged
 * the server's by a second). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h >= 10) return `${h} h`;
  if (h >= 1) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m}:${String(s % 60).padStart(2, "0")}`;
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

/** The people at a table: its human seats someone has taken (an open seat, or an invitation
 * nobody has used yet, is nobody to talk to or to mute). */
export function people(seats: readonly { seat: number; kind: string; joined: boolean }[]): number[] {
  return seats.filter((s) => s.kind === "human" && s.joined).map((s) => s.seat);
}

/** Whether a table has people to talk with: two or more (a tutorial, a solo game, a game
 * against bots carries no chat, no mute, no leaving). */
export function sociable(people: readonly number[]): boolean {
  return people.length >= 2;
}

/** The bots "start now with bots" offers at a table of `game` with `players` seats: the
 * named levels that play it, weakest first (docs/bots.md; `master` only where its learned
 * evaluation was measured above `expert`). */
export function startBots<T extends { spec: string; named: boolean; games: Readonly<Record<string, readonly number[]>> }>(
  bots: readonly T[],
  game: string,
  players: number,
): T[] {
  return bots.filter((b) => b.named && (b.games[game] ?? []).includes(players));
}
