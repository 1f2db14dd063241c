// Unit tests of the legal list as word sequences (`npm test`, part of `make test`).
import { describe, expect, it } from "vitest";
import { Choices } from "./choices";

const AQUARETTO = [
  "draw",
  "take A",
  "take C",
  "place dolphin/m 2,3",
  "place dolphin/m depot",
  "place orca 4,4",
  "expand small 1,5 2,5 2,6",
  "expand small 1,5 1,6 1,7",
];

describe("Choices", () => {
  it("offers a thing only if the words so far plus its own begin a legal action", () => {
    const c = new Choices(AQUARETTO, []);
    expect(
      c.continuation([
        ["load", "A"],
        ["take", "A"],
      ]),
    ).toEqual(["take", "A"]);
    expect(
      c.continuation([
        ["load", "B"],
        ["take", "B"],
      ]),
    ).toBeNull();
    expect(c.continuation([["place", "turtle"]])).toBeNull();
  });

  it("lists the words that may come next, once each", () => {
    const c = new Choices(AQUARETTO, ["place", "dolphin/m"]);
    expect(c.nextWords().sort()).toEqual(["2,3", "depot"]);
    expect(new Choices(AQUARETTO, []).nextWords().sort()).toEqual(["draw", "expand", "place", "take"]);
    expect(new Choices(AQUARETTO, ["expand"]).nextWords(["small"])).toEqual(["1,5"]);
  });

  it("knows when the words spell a whole action, and which", () => {
    const c = new Choices(AQUARETTO, ["place", "dolphin/m"]);
    expect(c.complete()).toBeNull();
    expect(c.complete(["2,3"])).toBe("place dolphin/m 2,3");
    expect(c.complete(["9,9"])).toBeNull();
    expect(new Choices(AQUARETTO, ["draw"]).complete()).toBe("draw");
  });

  it("lists the legal actions that begin with the words so far", () => {
    expect(new Choices(AQUARETTO, ["expand", "small"]).actions()).toEqual(["expand small 1,5 2,5 2,6", "expand small 1,5 1,6 1,7"]);
    expect(new Choices(AQUARETTO, ["take"]).actions(["C"])).toEqual(["take C"]);
    expect(new Choices(AQUARETTO, ["pass"]).actions()).toEqual([]);
  });

  it("tells which words were chosen last", () => {
    const c = new Choices(AQUARETTO, ["place", "dolphin/m"]);
    expect(c.chose(["dolphin/m"])).toBe(true);
    expect(c.chose(["place", "dolphin/m"])).toBe(true);
    expect(c.chose(["orca"])).toBe(false);
    expect(c.chose([])).toBe(false);
    expect(c.has("take A")).toBe(true);
    expect(c.has("take B")).toBe(false);
  });

  it("accepts Zooloretto's exchange with the enclosures clicked in either order", () => {
    const legal = ["exchange e4 e5", "exchange e4 barn camel"];
    const c = new Choices(legal, ["exchange"]);
    expect(c.nextWords().sort()).toEqual(["e4", "e5"]);
    expect(c.complete(["e5", "e4"])).toBe("exchange e4 e5");
    expect(c.complete(["e4", "e5"])).toBe("exchange e4 e5");
    expect(c.actions(["e5"])).toEqual(["exchange e4 e5"]);
    // The alias never offers an exchange the engine does not list.
    expect(c.complete(["barn", "e4"])).toBeNull();
  });

  it("offers nothing without legal actions (a spectator, another seat's turn)", () => {
    const c = new Choices([], []);
    expect(c.continuation([["draw"]])).toBeNull();
    expect(c.nextWords()).toEqual([]);
    expect(c.complete()).toBeNull();
  });
});
