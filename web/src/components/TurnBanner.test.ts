import { describe, expect, it } from "vitest";
import type { GameView } from "../api/types";
import { canDo, doing, nextStep } from "./TurnBanner";

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

describe("what the seat to move is doing, as others see it", () => {
  it("comes from the game's own view: Aquarium Designer's has no trucks", () => {
    const designer = { game: "aquarium-designer", to_move: 1, drawn: [true, false], passed: [false, false] } as unknown as GameView;
    expect(doing(designer, "Anna")).toBe("Anna is choosing a card of the offer");
    expect(doing(designer, "Anna")).not.toMatch(/truck/);
  });

  it("says a truck game's tile waiting for a truck, and a truck being unloaded", () => {
    const zoo = { game: "zooloretto", to_move: 0, drawn: "camel/m", unloading: [], zoos: [{ truck: null }] } as unknown as GameView;
    expect(doing(zoo, "Anna")).toBe("Anna is putting the drawn tile on a truck");
    const unloading = { ...zoo, drawn: null, unloading: ["camel/m"], zoos: [{ truck: "B" }] } as unknown as GameView;
    expect(doing(unloading, "Anna")).toBe("Anna is placing the tiles of truck B");
  });
});
