// The chat panel's list: loading the chat's log keeps every message. It
// once lost the oldest on every load: `messages.reduce(addMessage, old)` handed the array
// index to `addMessage`'s third parameter, its `limit`, and `slice(-1)` kept one message.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../api/lobby";
import { CHAT_KEPT, addMessage, addMessages } from "./chat";

const message = (id: number): ChatMessage => ({ type: "chat", id, seat: id % 2, name: `P${id % 2}`, text: `message ${id}`, at: "2026-11-28T10:00:00Z" });
const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("loading the chat's log", () => {
  it("shows all N messages it loaded, oldest first", () => {
    for (const n of [1, 2, 3, 5, 10]) {
      const loaded = Array.from({ length: n }, (_, i) => message(i + 1));
      expect(ids(addMessages([], loaded))).toEqual(ids(loaded));
    }
  });

  it("is safe as a reduce callback: no index reaches a limit", () => {
    const loaded = [message(1), message(2), message(3)];
    expect(ids(loaded.reduce(addMessage, [] as ChatMessage[]))).toEqual([1, 2, 3]);
  });

  it("keeps pushes that came first, once each, in order", () => {
    const pushed = [message(4), message(2)].reduce(addMessage, [] as ChatMessage[]);
    expect(ids(addMessages(pushed, [message(1), message(2), message(3)]))).toEqual([1, 2, 3, 4]);
  });

  it("keeps the last CHAT_KEPT messages of a longer log", () => {
    const loaded = Array.from({ length: CHAT_KEPT + 5 }, (_, i) => message(i + 1));
    const kept = addMessages([], loaded);
    expect(kept.length).toBe(CHAT_KEPT);
    expect(kept[0].id).toBe(6);
  });
});
