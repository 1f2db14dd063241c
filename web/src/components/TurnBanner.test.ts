import { describe, expect, it } from "vitest";
import { canDo, nextStep } from "./TurnBanner";

describe("the banner's sentence", () => {
  it("says what the player can do, from the legal list", () => {
    expect(canDo(["draw", "take A", "move camel/m e4"])).toBe("Draw a tile, take a truck, or spend coins.");
    expect(canDo(["pass"])).toBe("Pass.");
    expect(canDo(["draw aquaretto", "draw zooloretto"])).toBe("Draw a tile.");
    // Aquarium Designer's "draw" takes a card of the offer: it draws no tile.
    expect(canDo(["draw 9 1,0 r0", "draw 11 -1,0 r90"])).toBe("Take a card of the offer and add it to your aquarium.");
  });

  it("says what to choose next once an action is begun", () => {
    expect(nextStep([])).toBe("");
    expect(nextStep(["expand", "small"])).toMatch(/^Click a dashed space/);
    expect(nextStep(["buy"])).toMatch(/another player's depot/);
    expect(nextStep(["place", "dolphin/m"])).toMatch(/^Now choose where it goes/);
    expect(nextStep(["draw", "17"])).toMatch(/free position/);
  });
});
