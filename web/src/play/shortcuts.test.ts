import { describe, expect, it } from "vitest";
import { shortcutAction } from "./shortcuts";

describe("keyboard shortcuts", () => {
  it("D draws where drawing is legal, the first pile's in the combined game", () => {
    expect(shortcutAction("d", ["draw", "take A", "expand small 0,-2 1,-2 1,-1"])).toBe("draw");
    expect(shortcutAction("D", ["draw aquaretto", "draw zooloretto"])).toBe("draw aquaretto");
  });
  it("A to E take that truck, else load the drawn tile onto it", () => {
    expect(shortcutAction("b", ["draw", "take A", "take B"])).toBe("take B");
    expect(shortcutAction("a", ["load A", "load C"])).toBe("load A");
    expect(shortcutAction("d", ["load C", "load D"])).toBe("load D"); // nothing to draw: truck D
    expect(shortcutAction("b", ["load A", "load C"])).toBe(null); // truck B is full
  });
  it("play nothing that is not legal, nor a Designer card without its place", () => {
    expect(shortcutAction("d", ["draw 3 0,-1 r0", "pass"])).toBe(null);
    expect(shortcutAction("x", ["draw"])).toBe(null);
    expect(shortcutAction("f", ["take F"])).toBe(null);
  });
});
