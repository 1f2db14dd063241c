import { describe, expect, it } from "vitest";
import type { OptionSpec } from "../api/types";
import { subsetProblem } from "./OptionField";

const count = { "2": 2, "3": 1, "4": 0 };
const removed = (groups: { label: string; names: string[] }[]): OptionSpec => ({
  name: "removed",
  kind: "subset",
  label: "Removed species",
  description: "",
  default: null as unknown as OptionSpec["default"],
  groups: groups.map((g) => ({ ...g, label_id: "", count })),
  players: [2, 3, 4],
});

describe("the removed species, checked before sending", () => {
  const fish = removed([{ label: "", names: ["a", "b", "c", "d"] }]);

  it("take exactly the player count's number, or random", () => {
    expect(subsetProblem(fish, 2, ["a", "b"])).toBe("");
    expect(subsetProblem(fish, 3, ["a"])).toBe("");
    expect(subsetProblem(fish, 2, null)).toBe(""); // random
    expect(subsetProblem(fish, 2, ["a"])).toBe("Removed species: choose exactly 2 (chosen: 1), or random.");
    expect(subsetProblem(fish, 3, ["a", "b"])).toMatch(/exactly 1 \(chosen: 2\)/);
    expect(subsetProblem(fish, 2, [])).toMatch(/exactly 2 \(chosen: 0\)/);
  });

  it("count each of the combined game's groups on its own", () => {
    const both = removed([
      { label: "Aquaretto", names: ["a", "b", "c"] },
      { label: "Zooloretto", names: ["x", "y", "z"] },
    ]);
    expect(subsetProblem(both, 2, ["a", "b", "x", "y"])).toBe("");
    expect(subsetProblem(both, 2, ["a", "b", "c", "x"])).toMatch(/^Removed species, Aquaretto: choose exactly 2 \(chosen: 3\)/);
  });
});
