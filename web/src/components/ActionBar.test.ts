import { describe, expect, it } from "vitest";
import { chosenWords } from "./ActionBar";

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
