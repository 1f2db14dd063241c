import { describe, expect, it } from "vitest";
import type { TruckView } from "../api/views.gen";
import { aboutRounds } from "./rounds";

const truck = (tiles: number, free: number, taken = false): TruckView => ({
  name: "A",
  tiles: Array<string>(tiles).fill("camel"),
  free,
  blocked: 3 - tiles - free,
  taken_by: taken ? 1 : null,
});

describe("about how many rounds", () => {
  it("adds the rounds the pile still fills to this one", () => {
    // 2 players: trucks of 3, 2 and 1 spaces carry 6 tiles a round; 52 tiles left.
    const start = [truck(0, 3), truck(0, 2), truck(0, 1)];
    expect(aboutRounds(1, 52, start)).toBe(1 + Math.ceil((52 - 6) / 6));
    // This round's free spaces come off the pile first; taken trucks take no more.
    expect(aboutRounds(3, 10, [truck(2, 1), truck(2, 0, true), truck(0, 1)])).toBe(3 + Math.ceil((10 - 2) / 6));
  });
  it("is this round when the pile is all but empty, and says nothing without trucks", () => {
    expect(aboutRounds(9, 2, [truck(0, 3), truck(1, 2)])).toBe(9);
    expect(aboutRounds(1, 10, [])).toBe(null);
  });
});
