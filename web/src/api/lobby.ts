// The HTTP calls (docs/api.md): accounts, the lobby, my games, chat, leaving,
// rematch, profiles and leaderboards. The session is an HttpOnly cookie the browser sends
// by itself (same origin); a seat's token goes in the Authorization header as elsewhere.
import { call, type Created, type Joined } from "./http";
import type { Snapshot } from "./types";

/** A seat of a lobby table. */
export interface TableSeat {
  seat: number;
  kind: "human" | "bot";
  name: string | null;
  joined: boolean;
  bot: string | null;
  open: boolean;
}

/** A listed table (`GET /api/lobby`). */
export interface Table {
  id: string;
  game: string;
  players: number;
  options: Record<string, unknown>;
  pace: "live" | "turn-based";
  rated: boolean;
  /** A seated player may ask the bots for a hint on their turn (never at a table of two or more people). */
  hints: boolean;
  seats: TableSeat[];
  free: number;
  created_at: string;
}

export interface Lobby {
  open: Table[];
  playing: Table[];
}

/** One game of the signed-in account (`GET /api/me/games`). */
export interface MyGame {
  id: string;
  game: string;
  status: "playing" | "over";
  to_move: number | null;
  your_turn: boolean;
  you: number[];
  seats: TableSeat[];
  created_at: string;
}

/** A chat message as the server pushes it (its `text` is shown as text, never markup). */
export interface ChatMessage {
  type: "chat";
  id: number;
  seat: number;
  name: string;
  text: string;
  at: string;
}

export interface Rating {
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
}

export interface RecentGame {
  id: string;
  game: string;
  status: "playing" | "over";
  seat: number;
  won: boolean;
  rated: boolean;
  created_at: string;
  replay: string | null;
  record: string | null;
}

export interface Profile {
  name: string;
  games: Record<string, { played: number; won: number }>;
  ratings: Record<string, Rating>;
  recent: RecentGame[];
  /** The `created_at` to ask the next (older) page with; null on the last page. */
  more: string | null;
}

export interface Leaderboard {
  game: string;
  players: ({ name: string } & Rating)[];
  bots: { bot: string; label: string; mu: number; sigma: number; ordinal: number }[];
}

export const lobbyApi = {
  signup: (name: string, password: string) => call<{ name: string }>("POST", "/api/signup", { name, password }),
  signin: (name: string, password: string) => call<{ name: string }>("POST", "/api/signin", { name, password }),
  signout: () => call<object>("POST", "/api/signout", {}),
  signoutEverywhere: () => call<object>("POST", "/api/signout-everywhere", {}),
  me: () => call<{ name: string }>("GET", "/api/me"),
  claim: (seats: { game: string; token: string }[]) =>
    call<{ claimed: { game: string; seat: number }[]; refused: { game: string; detail: string }[] }>("POST", "/api/me/claim", { seats }),
  myGames: () => call<{ games: MyGame[] }>("GET", "/api/me/games"),
  deviceTokens: (id: string) => call<{ tokens: Record<string, string> }>("POST", `/api/me/games/${id}/tokens`, {}),
  lobby: () => call<Lobby>("GET", "/api/lobby"),
  takeSeat: (id: string, seat: number, name: string | null) => call<Joined>("POST", `/api/games/${id}/seats/${seat}/join`, name ? { name } : {}),
  start: (id: string, token: string, bot: string) => call<Snapshot>("POST", `/api/games/${id}/start`, { bot }, token),
  chat: (id: string, token: string, text: string) => call<ChatMessage>("POST", `/api/games/${id}/chat`, { text }, token),
  chatLog: (id: string, token: string | null) => call<{ messages: ChatMessage[]; muted: number[] }>("GET", `/api/games/${id}/chat`, undefined, token),
  mute: (id: string, token: string, seat: number, muted: boolean) => call<{ muted: number[] }>("POST", `/api/games/${id}/mute`, { seat, muted }, token),
  leave: (id: string, token: string) => call<Snapshot>("POST", `/api/games/${id}/leave`, {}, token),
  rematch: (id: string, token: string) => call<Created>("POST", `/api/games/${id}/rematch`, {}, token),
  player: (name: string, before: string | null = null) =>
    call<Profile>("GET", `/api/players/${encodeURIComponent(name)}` + (before ? `?before=${encodeURIComponent(before)}` : "")),
  leaderboard: (game: string) => call<Leaderboard>("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
};

/** The longest chat message the server takes (docs/api.md, chat). */
export const CHAT_MAX = 300;
