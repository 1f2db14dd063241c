import { describe, expect, it } from "vitest";
import { heldSeats } from "./account";

/** A Storage holding `items` (vitest runs without a browser). */
function storage(items: Record<string, string>): Storage {
  const keys = Object.keys(items);
  return {
    length: keys.length,
    key: (i: number) => keys[i] ?? null,
    getItem: (k: string) => items[k] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
}

describe("the seats this browser holds", () => {
  it("are every numbered seat of every game's stored seats, for claiming", () => {
    const held = heldSeats(
      storage({
        "zoogames:seats:abc": JSON.stringify({ seats: { "0": "t0", "2": "t2" }, current: 0 }),
        "zoogames:seats:xyz": JSON.stringify({ seats: { "?": "old" }, current: null }),
        "zoogames:invites:abc": JSON.stringify([{ seat: 1, token: "i1" }]),
        "zoogames:seats:bad": "not json",
        "zoogames.lang": "cs",
      }),
    );
    expect(held).toEqual([
      { game: "abc", seat: 0, token: "t0" },
      { game: "abc", seat: 2, token: "t2" },
    ]);
  });
});
