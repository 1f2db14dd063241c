// Aquarium Designer's sections: colours and pictures, and turning a card as the notation
// does (`r90` moves the top-left section to the top right).
import type { SectionView } from "../../api/types";
import { OKABE_ITO } from "../../components/tiles";

/** A section's water colour by its animal: four of Okabe–Ito's colours that stay apart
 * under deuteranopia and protanopia (components/tiles.test.ts; the reddish purple came too
 * close to the sky blue); the animal's picture tells them apart too. */
export const COLOURS: Record<string, string> = {
  angelfish: OKABE_ITO.orange,
  "sea-lion": OKABE_ITO.green,
  dolphin: OKABE_ITO.sky,
  penguin: OKABE_ITO.blue,
};

/** The picture kind (components/tiles.ts) of a section's animal. */
export const ANIMALS: Record<string, string> = {
  angelfish: "angelfish",
  "sea-lion": "sea-lion",
  dolphin: "dolphin",
  penguin: "penguin",
};

export const TURNS = ["r0", "r90", "r180", "r270"];

/** Sections (TL, TR, BL, BR) of a card turned `turn` clockwise. */
export function turned(sections: SectionView[], turn: string): SectionView[] {
  let s = sections;
  for (let i = 0; i < TURNS.indexOf(turn); i++) s = [s[2], s[0], s[3], s[1]];
  return s;
}
