import { describe, expect, it } from "vitest";
import { chosenWords, isPrimary, takesCard } from "./ActionBar";

describe("the words chosen so far", () => {
  it("are said in words, never in notation", () => {
    expect(chosenWords(["place", "polar-bear/fish"])).toBe("placing polar bear, with a fish");
    expect(chosenWords(["expand", "small"])).toBe("small expansion");
    expect(chosenWords(["move"])).toBe("moving");
    expect(chosenWords(["move", "camel/m", "e1"])).toBe("moving male camel");
    expect(chosenWords(["buy", "2", "kiosk"])).toBe("buying kiosk");
    expect(chosenWords(["exchange", "e1"])).toBe("exchanging");
    expect(chosenWords(["discard", "barn"])).toBe("discarding");
    expect(chosenWords(["draw", "17"])).toBe("card 17");
  });
});

describe("the turn's obvious step", () => {
  it("is taking a card in Aquarium Designer, not passing", () => {
    const legal = ["pass", "draw 9 1,0 r0", "draw 11 -1,0 r90"];
    expect(takesCard(legal)).toBe(true);
    expect(isPrimary("pass", legal)).toBe(false);
  });

  it("is passing when nothing else may be done", () => {
    expect(takesCard(["pass"])).toBe(false);
    expect(isPrimary("pass", ["pass"])).toBe(true);
  });

  it("never spends coins, and a truck game's draw takes no card", () => {
    expect(isPrimary("discard", ["discard", "take A"])).toBe(false);
    expect(isPrimary("draw", ["draw", "take A"])).toBe(true);
    expect(takesCard(["draw", "draw aquaretto"])).toBe(false);
  });
});
