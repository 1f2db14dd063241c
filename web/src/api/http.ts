// The HTTP half of docs/api.md: JSON in, JSON out, errors as ApiError with the server's
// sentence. The token goes in the Authorization header, never in the URL.
import type { Created, Joined } from "./api.gen";
import type { Catalog, Hint, OnChoice, ReplayStep, Review, Snapshot } from "./types";
import { detailText } from "../i18n/server";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = data as { detail?: unknown; message?: unknown } | null;
    const text = detailText(body?.detail, response.status, body?.message);
    throw new ApiError(response.status, text);
  }
  return data as T;
}

export interface SeatRequest {
  kind: "me" | "invite" | "open" | "bot";
  name?: string;
  bot?: string;
}

export interface CreateRequest {
  game: string;
  players: number;
  options?: Record<string, unknown>;
  seats: SeatRequest[];
  /** Show the table in the lobby (docs/api.md, Seats). */
  listed?: boolean;
  pace?: "live" | "turn-based";
  /** Seconds a human seat has for each action; absent: no clock. */
  clock?: number;
  rated?: boolean;
  /** On a clock's timeout: a bot plays the move (the default), or the seat forfeits. */
  on_timeout?: OnChoice;
  /** When a player leaves: a bot takes the seat (the default), or the seat forfeits. */
  on_leave?: OnChoice;
  /** "Learn to play": the game's tutorial table and fixed deal; the rest is then ignored but the first seat's name. */
  tutorial?: boolean;
}

/** The answer to create (and to a rematch): the new game and its seats' secrets. */
export type { Created } from "./api.gen";

/** The answer to join: the seat's snapshot, and its token when an invitation was used. */
export type { Joined } from "./api.gen";

export const api = {
  catalog: () => call<Catalog>("GET", "/api/catalog"),
  create: (request: CreateRequest) => call<Created>("POST", "/api/games", request),
  snapshot: (id: string, token: string | null) => call<Snapshot>("GET", `/api/games/${id}`, undefined, token),
  join: (id: string, token: string, name: string) => call<Joined>("POST", `/api/games/${id}/join`, { name }, token),
  seatToBot: (id: string, token: string, seat: number, bot: string) => call<Snapshot>("POST", `/api/games/${id}/seats/${seat}/bot`, { bot }, token),
  act: (id: string, token: string, action: string, number: number) => call<Snapshot>("POST", `/api/games/${id}/actions`, { action, number }, token),
  undo: (id: string, token: string) => call<Snapshot>("POST", `/api/games/${id}/undo`, {}, token),
  replay: (id: string, n: number) => call<ReplayStep>("GET", `/api/games/${id}/replay/${n}`),
  hint: (id: string, token: string) => call<Hint>("POST", `/api/games/${id}/hint`, {}, token),
  review: (id: string) => call<Review>("GET", `/api/games/${id}/review`),
  requestReview: (id: string) => call<Review>("POST", `/api/games/${id}/review`, {}),
};
