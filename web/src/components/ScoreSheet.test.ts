import { describe, expect, it } from "vitest";
import { tiebreakKey } from "./ScoreSheet";

describe("the score sheet's tie-break row", () => {
  it("finds the tie-break field, never the seat that forfeited", () => {
    expect(tiebreakKey(null)).toBeUndefined();
    expect(tiebreakKey({ winners: [1], scores: [3, 5], coins: [0, 2] })).toBe("coins");
    // a forfeited game's result (the server writes the field after the tie-break, but any order)
    expect(tiebreakKey({ forfeited: 0, winners: [1], scores: [3, 5], animals: [4, 2] })).toBe("animals");
  });
});
