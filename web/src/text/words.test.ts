import { describe, expect, it } from "vitest";
import { pendingWords, plural } from "./words";

describe("pendingWords", () => {
  it("says what a seat has earned as a player would, never the engine's identifiers", () => {
    expect(pendingWords("offspring polar-bear")).toBe("a polar bear offspring");
    expect(pendingWords("offspring dolphin")).toBe("a dolphin offspring");
    expect(pendingWords("worker")).toBe("a coworker");
  });
});

describe("plural", () => {
  it("counts in words", () => {
    expect(plural(1, "coin")).toBe("1 coin");
    expect(plural(3, "coin")).toBe("3 coins");
  });
});
