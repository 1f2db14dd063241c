// Chat messages the game's socket receives, handed to the chat panel (useGame owns the one
// socket of the page; the panel listens here rather than opening a second one).
import type { ChatMessage } from "../api/lobby";

const listeners = new Map<string, Set<(m: ChatMessage) => void>>();

/** Listen to game `id`'s chat pushes; returns the way to stop. */
export function onChat(id: string, listener: (m: ChatMessage) => void): () => void {
  const set = listeners.get(id) ?? new Set();
  set.add(listener);
  listeners.set(id, set);
  return () => set.delete(listener);
}

/** A chat push from game `id`'s socket. */
export function pushChat(id: string, message: ChatMessage): void {
  listeners.get(id)?.forEach((l) => l(message));
}

/** The messages the panel keeps at most (the last ones; CHAT_KEPT in src/zoogames/server/service.py). */
export const CHAT_KEPT = 100;

/** Messages with a new one added, once each (a push and an answer carry the same id), oldest first.
 * Two parameters only: as a `reduce` callback, a third would receive the array index (it once
 * was `limit`, and `slice(-1)` at index 1 dropped the oldest message of every load). */
export function addMessage(messages: ChatMessage[], m: ChatMessage): ChatMessage[] {
  if (messages.some((x) => x.id === m.id)) return messages;
  return [...messages, m].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

/** Messages with a loaded batch added (the chat's log, fetched while pushes may arrive). */
export function addMessages(messages: ChatMessage[], loaded: readonly ChatMessage[]): ChatMessage[] {
  return loaded.reduce((kept, m) => addMessage(kept, m), messages);
}

/** Where the page remembers that its creator may start the table with bots (the host's seat). */
export const hostKey = (id: string) => `zoogames:host:${id}`;
