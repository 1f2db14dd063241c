// The HTTP calls (docs/api.md): accounts, the lobby, my games, chat, leaving,
// rematch, profiles and leaderboards. The session is an HttpOnly cookie the browser sends
// by itself (same origin); a seat's token goes in the Authorization header as elsewhere.
import { call, type Created, type Joined } from "./http";
import type { ChatLog, ChatMessage, Leaderboard, ListedTable, Lobby, Me, MyGames, Profile } from "./api.gen";
import type { Snapshot } from "./types";

// The answers are generated from the server's declarations (api.gen.ts, `make views`).
export type { ChatLog, ChatMessage, Leaderboard, Lobby, MyGame, Profile, RecentGame, TableSeat } from "./api.gen";
/** A listed table (`GET /api/lobby`). */
export type Table = ListedTable;

export const lobbyApi = {
  signup: (name: string, password: string) => call<Me>("POST", "/api/signup", { name, password }),
  signin: (name: string, password: string) => call<Me>("POST", "/api/signin", { name, password }),
  signout: () => call<object>("POST", "/api/signout", {}),
  signoutEverywhere: () => call<object>("POST", "/api/signout-everywhere", {}),
  me: () => call<Me>("GET", "/api/me"),
  claim: (seats: { game: string; token: string }[]) =>
    call<{ claimed: { game: string; seat: number }[]; refused: { game: string; detail: string }[] }>("POST", "/api/me/claim", { seats }),
  myGames: () => call<MyGames>("GET", "/api/me/games"),
  deviceTokens: (id: string) => call<{ tokens: Record<string, string> }>("POST", `/api/me/games/${id}/tokens`, {}),
  lobby: () => call<Lobby>("GET", "/api/lobby"),
  takeSeat: (id: string, seat: number, name: string | null) => call<Joined>("POST", `/api/games/${id}/seats/${seat}/join`, name ? { name } : {}),
  start: (id: string, token: string, bot: string) => call<Snapshot>("POST", `/api/games/${id}/start`, { bot }, token),
  chat: (id: string, token: string, text: string) => call<ChatMessage>("POST", `/api/games/${id}/chat`, { text }, token),
  chatLog: (id: string, token: string | null) => call<ChatLog>("GET", `/api/games/${id}/chat`, undefined, token),
  mute: (id: string, token: string, seat: number, muted: boolean) => call<{ muted: number[] }>("POST", `/api/games/${id}/mute`, { seat, muted }, token),
  leave: (id: string, token: string) => call<Snapshot>("POST", `/api/games/${id}/leave`, {}, token),
  rematch: (id: string, token: string) => call<Created>("POST", `/api/games/${id}/rematch`, {}, token),
  player: (name: string, before: string | null = null) =>
    call<Profile>("GET", `/api/players/${encodeURIComponent(name)}` + (before ? `?before=${encodeURIComponent(before)}` : "")),
  leaderboard: (game: string) => call<Leaderboard>("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
};

/** The longest chat message the server takes (docs/api.md, chat). */
export const CHAT_MAX = 300;
