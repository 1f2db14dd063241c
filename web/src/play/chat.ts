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

/** Messages with a new one added, once each (a push and an answer carry the same id), oldest first. */
export function addMessage(messages: ChatMessage[], m: ChatMessage, limit = 100): ChatMessage[] {
  if (messages.some((x) => x.id === m.id)) return messages;
  return [...messages, m].sort((a, b) => a.id - b.id).slice(-limit);
}

/** Where the page remembers that its creator may start the table with bots (the host's seat). */
export const hostKey = (id: string) => `zoogames:host:${id}`;
