// Colours that stay apart for colour-blind players: within each game, every two species'
// colours (Aquarium Designer: its four water colours) are still clearly different once
// seen through a simulation of deuteranopia or protanopia (Machado, Oliveira & Fernandes
// 2009, as culori implements it), measured in CIEDE2000.
import { type Color, differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt, parse } from "culori";
import { describe, expect, it } from "vitest";
import { COLOURS } from "../boards/designer/sections";
import { SPECIES, kindStyle } from "./tiles";

/** At least this far apart: two tiles side by side are told apart at a glance (about 2.3
 * is the smallest difference anyone notices on patches that touch). */
const APART = 15;

const distance = differenceCiede2000();
const VISIONS: Record<string, (c: Color) => Color> = {
  "normal vision": (c) => c,
  deuteranopia: filterDeficiencyDeuter(1),
  protanopia: filterDeficiencyProt(1),
};

function colour(hex: string): Color {
  const parsed = parse(hex);
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  return parsed;
}

const GROUPS: Record<string, Record<string, string>> = {
  ...Object.fromEntries(Object.entries(SPECIES).map(([game, species]) => [game, Object.fromEntries(species.map((s) => [s, kindStyle(s).colour]))])),
  "aquarium-designer": COLOURS,
};

describe.each(Object.entries(GROUPS))("%s", (_game, colours) => {
  const pairs = Object.keys(colours).flatMap((a, i) =>
    Object.keys(colours)
      .slice(i + 1)
      .map((b) => [a, b]),
  );
  it.each(Object.entries(VISIONS))("keeps every two colours apart with %s", (_vision, see) => {
    const close = pairs.filter(([a, b]) => distance(see(colour(colours[a])), see(colour(colours[b]))) < APART).map(([a, b]) => `${a}/${b}`);
    expect(close).toEqual([]);
  });
});

it("gives every species a colour of its own within its game", () => {
  for (const species of Object.values(SPECIES)) {
    expect(new Set(species.map((s) => kindStyle(s).colour)).size).toBe(species.length);
    expect(species.every((s) => kindStyle(s).picture !== "")).toBe(true);
  }
});
