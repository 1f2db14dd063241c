// The seats this browser holds, per game, in localStorage: a reload keeps them, and a
// player who holds several seats of a game (two "me" seats, a second device's link)
// switches between them (SeatSwitcher). A link carries a secret only in its fragment
// (`/play/{id}#token=…` for a seat, `#invite=…` for an invitation): browsers never send
// the fragment, so it reaches no server log. Opening such a link clears the fragment.
//
// A secret from a link is kept only once the server has confirmed it (its snapshot names
// the seat): a truncated link, an invitation already used, or another seat's link never
// replaces a seat that works. An invitation is exchanged for a token of the seat when the
// player joins; only the token is kept.

const key = (id: string) => `zoogames:seats:${id}`;
const oldKey = (id: string) => `zoogames:token:${id}`;

export interface Held {
  /** Seat number → its token. */
  seats: Record<string, string>;
  /** The seat the page plays; -1: the player chose to watch; null: not chosen yet. */
  current: number | null;
}

function read(id: string): Held {
  try {
    const raw = localStorage.getItem(key(id));
    if (raw) {
      const held = JSON.parse(raw) as Held;
      if (held && typeof held.seats === "object") return held;
    }
    // A token stored by an earlier version (one per game): its seat is learnt on hello.
    const old = localStorage.getItem(oldKey(id));
    if (old) return { seats: { "?": old }, current: null };
  } catch {
    // Unreadable storage: nothing held.
  }
  return { seats: {}, current: null };
}

function write(id: string, held: Held): void {
  try {
    localStorage.setItem(key(id), JSON.stringify(held));
    localStorage.removeItem(oldKey(id));
  } catch {
    // Private windows may refuse storage: the seats still live in this page.
  }
}

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();
const pages = new Map<string, PageSeats>();

/** What one page of a game plays with: a held seat's token, or a link's secret on trial. */
export interface PageSeats {
  held: Held;
  /** A secret from the link not yet confirmed by the server (null: none). */
  trial: string | null;
  /** The seat an invitation on trial is for, once the server said so. */
  invited: number | null;
  /** Why a link's secret was not taken (SeatSwitcher says it in words), or "". */
  notice: "" | "link-no-seat" | "token-gone";
}

function notify(id: string): void {
  listeners.get(id)?.forEach((l) => l());
}

export function subscribe(id: string, listener: Listener): () => void {
  const set = listeners.get(id) ?? new Set();
  set.add(listener);
  listeners.set(id, set);
  return () => set.delete(listener);
}

/** The link's secret (``#token=`` or ``#invite=``), removed from the address bar. */
function takeFragment(): string | null {
  const match = /(?:^#|&)(?:token|invite)=([^&]+)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

/** The seats of game ``id`` for this page (read once per page load). */
export function pageSeats(id: string): PageSeats {
  let page = pages.get(id);
  if (!page) {
    const held = read(id);
    if (held.current === null) {
      const first = Object.keys(held.seats)[0];
      if (first !== undefined && first !== "?") held.current = Number(first);
    }
    page = { held, trial: null, invited: null, notice: "" };
    pages.set(id, page);
    openLink(id, page, takeFragment());
    // A link to the same page differs only in its fragment: the browser does not reload.
    window.addEventListener("hashchange", () => {
      openLink(id, page as PageSeats, takeFragment());
      notify(id);
    });
  }
  return page;
}

/** A link's secret: a seat already held is switched to, anything else is tried. */
function openLink(id: string, page: PageSeats, secret: string | null): void {
  if (!secret) return;
  const known = Object.entries(page.held.seats).find(([, t]) => t === secret);
  if (known && known[0] !== "?") {
    page.held = { ...page.held, current: Number(known[0]) };
    page.trial = null;
    write(id, page.held);
  } else {
    page.trial = secret;
  }
  page.invited = null;
  page.notice = "";
}

/** The secret the page speaks with now: the link's on trial, else the current seat's. */
export function activeToken(id: string): string | null {
  const page = pageSeats(id);
  if (page.trial) return page.trial;
  const { seats, current } = page.held;
  if (current === -1) return null;
  if (current !== null) return seats[String(current)] ?? null;
  return seats["?"] ?? null;
}

/** The server answered the active secret with a snapshot: keep what it confirmed. */
export function confirm(id: string, you: number | null, invited: number | null | undefined): void {
  const page = pageSeats(id);
  const secret = activeToken(id);
  if (!secret) return;
  if (invited !== null && invited !== undefined) {
    if (page.invited !== invited) {
      page.invited = invited;
      notify(id);
    }
    return;
  }
  if (you === null) return;
  const seats = { ...page.held.seats };
  delete seats["?"];
  const changed = seats[String(you)] !== secret || page.held.current !== you || page.trial !== null;
  if (!changed) return;
  seats[String(you)] = secret;
  page.held = { seats, current: you };
  page.trial = null;
  page.invited = null;
  write(id, page.held);
  notify(id);
}

/**
 * The server refused the active secret (401/403). A link's secret on trial is dropped
 * and the page goes back to the seat it holds; a held seat's token that no longer works
 * (the seat went to a bot) is forgotten. True if another seat (or watching) took over.
 */
export function reject(id: string): boolean {
  const page = pageSeats(id);
  if (page.trial) {
    const { seats, current } = page.held;
    const fallback = (current !== null && current >= 0 && !!seats[String(current)]) || !!seats["?"];
    if (!fallback) return false; // nothing held: the page says the link was refused
    page.trial = null;
    page.invited = null;
    page.notice = "link-no-seat";
    notify(id);
    return true;
  }
  const { seats, current } = page.held;
  const seated = current !== null && current >= 0;
  if (!seated && !seats["?"]) return false;
  const rest = { ...seats };
  delete rest[seated ? String(current) : "?"];
  const next = Object.keys(rest)[0];
  page.held = { seats: rest, current: next === undefined ? null : Number(next) };
  page.notice = "token-gone";
  write(id, page.held);
  notify(id);
  return next !== undefined;
}

/** An invitation was exchanged for ``token`` of ``seat`` (the answer to join). */
export function joined(id: string, seat: number, token: string): void {
  const page = pageSeats(id);
  page.held = { seats: { ...page.held.seats, [String(seat)]: token }, current: seat };
  delete page.held.seats["?"];
  page.trial = null;
  page.invited = null;
  write(id, page.held);
  notify(id);
}

/** Hold ``token`` for ``seat`` (the creator's own seats, from the answer to create). */
export function holdSeat(id: string, seat: number, token: string, current: boolean): void {
  const held = read(id);
  held.seats[String(seat)] = token;
  if (current || held.current === null) held.current = seat;
  write(id, held);
}

/** The seat a hot-seat page turns to when the turn passes: ``toMove`` if this browser holds it
 * and plays another of its seats now, else null (a link on trial, a player who chose to
 * watch, or a seat held by nobody here stays as it is). */
export function seatToFollow(held: Held, trial: string | null, toMove: number | null): number | null {
  if (toMove === null || trial || held.current === -1 || held.current === toMove) return null;
  return held.seats[String(toMove)] ? toMove : null;
}

/** Play ``seat`` (one the browser holds), or watch with null. */
export function switchSeat(id: string, seat: number | null): void {
  const page = pageSeats(id);
  if (seat !== null && !page.held.seats[String(seat)]) return;
  page.held = { ...page.held, current: seat ?? -1 };
  page.trial = null;
  page.invited = null;
  page.notice = "";
  write(id, page.held);
  notify(id);
}

/** Watch the game instead of playing the seat shown (a refused page's way out). */
export function forgetToken(id: string): void {
  const held = read(id);
  write(id, { ...held, current: -1 });
  pages.delete(id);
}

export function playLink(id: string, token?: string, kind: "token" | "invite" = "token"): string {
  const base = `${location.origin}/play/${id}`;
  return token ? `${base}#${kind}=${encodeURIComponent(token)}` : base;
}
