// Who is signed in, for every page: unknown until `GET /api/me` answers, then a
// name or null (a guest). Signing in or up claims the seats this browser holds as a guest
// (`POST /api/me/claim`), so they follow the account to any device.
import { useEffect, useState } from "preact/hooks";
import { lobbyApi } from "../api/lobby";
import { holdSeat } from "../api/tokens";

/** undefined: not known yet; null: a guest; else the account's name. */
export type Who = string | null | undefined;

let who: Who = undefined;
let asked: Promise<void> | null = null;
const listeners = new Set<(w: Who) => void>();

function set(next: Who): void {
  who = next;
  listeners.forEach((l) => l(next));
}

/**
 * Where the page remembers that this browser signed in. The session cookie is HttpOnly
 * (scripts never see it), so without this mark every guest's page would ask `GET /api/me`
 * and be answered 401, an error in the console of every page.
 */
const SIGNED_IN = "zoogames:signed-in";

function remember(on: boolean): void {
  try {
    if (on) localStorage.setItem(SIGNED_IN, "1");
    else localStorage.removeItem(SIGNED_IN);
  } catch {
    // Storage refused: the page asks the server each time instead.
  }
}

/** True if this browser signed in (and has not seen its session end since). */
export function marked(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN) === "1";
  } catch {
    return true;
  }
}

/** Ask the server once per page load who this browser is (a guest's browser is not asked). */
function ask(): Promise<void> {
  asked ??= marked()
    ? lobbyApi.me().then(
        (me) => set(me.name),
        () => {
          remember(false); // the session expired or ended elsewhere
          set(null);
        },
      )
    : Promise.resolve(set(null));
  return asked;
}

/** The signed-in name (re-rendering when it changes): undefined until known, null for a guest. */
export function useAccount(): Who {
  const [value, setValue] = useState<Who>(who);
  useEffect(() => {
    listeners.add(setValue);
    void ask();
    setValue(who);
    return () => {
      listeners.delete(setValue);
    };
  }, []);
  return value;
}

/** The name signed in now, once known (null for a guest). */
export async function currentAccount(): Promise<string | null> {
  await ask();
  return who ?? null;
}

/** Every seat this browser holds: (game, seat, token), from `zoogames:seats:{id}` (api/tokens.ts). */
export function heldSeats(storage: Storage = localStorage): { game: string; seat: number; token: string }[] {
  const out: { game: string; seat: number; token: string }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const m = key ? /^zoogames:seats:([A-Za-z0-9_-]+)$/.exec(key) : null;
    if (!m || !key) continue;
    try {
      const held = JSON.parse(storage.getItem(key) ?? "") as { seats?: Record<string, string> };
      for (const [seat, token] of Object.entries(held.seats ?? {})) {
        if (/^\d+$/.test(seat) && typeof token === "string") out.push({ game: m[1], seat: Number(seat), token });
      }
    } catch {
      // A value this client did not write: skip it.
    }
  }
  return out;
}

/** Hand the browser's guest seats to the account just signed in (at most 100 per call). */
async function claimGuestSeats(): Promise<void> {
  const seats = heldSeats().map(({ game, token }) => ({ game, token }));
  for (let i = 0; i < seats.length; i += 100) await lobbyApi.claim(seats.slice(i, i + 100)).catch(() => undefined);
}

/** Sign in (or up, `create`), then claim this browser's guest seats. */
export async function signIn(name: string, password: string, create: boolean): Promise<string> {
  const me = create ? await lobbyApi.signup(name, password) : await lobbyApi.signin(name, password);
  asked = Promise.resolve();
  remember(true);
  set(me.name);
  await claimGuestSeats();
  return me.name;
}

/** Sign out this browser (or every device of the account, `everywhere`). */
export async function signOut(everywhere: boolean): Promise<void> {
  await (everywhere ? lobbyApi.signoutEverywhere() : lobbyApi.signout());
  remember(false);
  set(null);
}

/**
 * This device's tokens for the account's seats of game `id` that the browser does not hold
 * yet (a game started on another device). True if the browser now holds a seat of it.
 */
export async function fetchDeviceTokens(id: string): Promise<boolean> {
  const { tokens } = await lobbyApi.deviceTokens(id);
  const seats = Object.entries(tokens);
  seats.forEach(([seat, token], i) => holdSeat(id, Number(seat), token, i === 0));
  return seats.length > 0;
}

/**
 * A game page opened on a device that holds no seat of it (a link from another device, a
 * notification): a signed-in player's seats there are fetched for this device, and the
 * page reloads to play them. A browser holding any seat of the game is left as it is.
 */
export function useDeviceTokens(id: string): void {
  // Read at the first render, before the page takes a link's secret out of the address.
  const [linked] = useState(() => /(?:^#|&)(?:token|invite)=/.test(location.hash));
  useEffect(() => {
    if (linked || !marked() || heldSeats().some((h) => h.game === id)) return;
    fetchDeviceTokens(id).then(
      (found) => {
        if (found) location.reload();
      },
      () => undefined, // no seat of the account's here: the page watches
    );
  }, [id]);
}
