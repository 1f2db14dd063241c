import { describe, expect, it } from "vitest";
import { seatToFollow } from "./tokens";

describe("a hot seat follows the turn", () => {
  const held = { seats: { "0": "a", "1": "b" }, current: 0 };

  it("turns to the seat to move when this browser holds it", () => {
    expect(seatToFollow(held, null, 1)).toBe(1);
  });

  it("stays where it is otherwise", () => {
    expect(seatToFollow(held, null, 0)).toBeNull(); // already there
    expect(seatToFollow(held, null, 2)).toBeNull(); // someone else's seat
    expect(seatToFollow(held, null, null)).toBeNull(); // nobody to move
    expect(seatToFollow({ ...held, current: -1 }, null, 1)).toBeNull(); // chose to watch
    expect(seatToFollow(held, "secret", 1)).toBeNull(); // a link on trial
  });
});
