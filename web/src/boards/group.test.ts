import { describe, expect, it } from "vitest";
import { groupTiles, kindCounts } from "./group";

describe("a barn's or a depot's tiles grouped", () => {
  it("show identical tiles once with their count, each species together", () => {
    expect(groupTiles(["camel/m", "panda", "camel/m", "camel/f", "panda", "kiosk"])).toEqual([
      { tile: "camel/m", count: 2 },
      { tile: "camel/f", count: 1 },
      { tile: "panda", count: 2 },
      { tile: "kiosk", count: 1 },
    ]);
    expect(groupTiles([])).toEqual([]);
  });
  it("count each species", () => {
    expect(kindCounts(["dolphin/m", "orca", "dolphin/f", "dolphin"])).toEqual([
      { kind: "dolphin", count: 3 },
      { kind: "orca", count: 1 },
    ]);
  });
});
