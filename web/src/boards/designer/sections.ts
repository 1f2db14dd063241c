// Aquarium Designer's sections: colours, and turning a card as the notation does
// (`r90` moves the top-left section to the top right).
import type { Section } from "../../api/types";

export const COLOURS: Record<string, string> = {
  angelfish: "#f0a13a",
  "sea-lion": "#a9774e",
  dolphin: "#3f8fd8",
  penguin: "#4a5160",
};

export const TURNS = ["r0", "r90", "r180", "r270"];

/** Sections (TL, TR, BL, BR) of a card turned `turn` clockwise. */
export function turned(sections: Section[], turn: string): Section[] {
  let s = sections;
  for (let i = 0; i < TURNS.indexOf(turn); i++) s = [s[2], s[0], s[3], s[1]];
  return s;
}
