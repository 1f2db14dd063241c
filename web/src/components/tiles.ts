// How the tiles of Aquaretto and Zooloretto look: a picture (OpenMoji, CC BY-SA 4.0: see
// the About page), a colour and words per kind, and the words for a mark. Shared by every
// board that shows such tiles. Only the pictures named here are bundled.
//
// Colours come from PALETTE, chosen to stay apart for colour-blind eyes; within a game no
// two species share one (docs/web.md, "Pictures and colours"; tiles.test.ts checks).
import camel from "openmoji/color/svg/1F42A.svg";
import chimpanzee from "openmoji/color/svg/1F412.svg";
import crocodile from "openmoji/color/svg/1F40A.svg";
import dolphin from "openmoji/color/svg/1F42C.svg";
import elephant from "openmoji/color/svg/1F418.svg";
import flamingo from "openmoji/color/svg/1F9A9.svg";
import hippo from "openmoji/color/svg/1F99B.svg";
import kangaroo from "openmoji/color/svg/1F998.svg";
import leopard from "openmoji/color/svg/1F406.svg";
import orca from "openmoji/color/svg/1FACD.svg";
import panda from "openmoji/color/svg/1F43C.svg";
import penguin from "openmoji/color/svg/1F427.svg";
import polarBear from "openmoji/color/svg/1F43B-200D-2744-FE0F.svg";
import seaLion from "openmoji/color/svg/1F9AD.svg";
import turtle from "openmoji/color/svg/1F422.svg";
import zebra from "openmoji/color/svg/1F993.svg";
import popcorn from "openmoji/color/svg/1F37F.svg";
import snacks from "openmoji/color/svg/1F968.svg";
import kiosk from "openmoji/color/svg/1F3EA.svg";
import barrow from "openmoji/color/svg/E344.svg";
import coin from "openmoji/color/svg/1FA99.svg";
import angelfish from "openmoji/color/svg/1F420.svg";
import coworker from "openmoji/color/svg/1F9D1-200D-1F4BC.svg";
import { t } from "../i18n";

/** Okabe & Ito's eight colours (2002), kept apart under the common colour blindnesses;
 * Aquarium Designer's water colours are four of them. */
export const OKABE_ITO = {
  orange: "#E69F00",
  sky: "#56B4E9",
  green: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  purple: "#CC79A7",
  grey: "#6E6E6E",
} as const;

/** The species' colours, a tile's ring and its basin's water. Eight that stay apart in
 * lightness as well as hue, so that they stay apart without red–green vision too (in a
 * deuteranopia or protanopia simulation every pair is at least 15 CIEDE2000 apart:
 * tiles.test.ts): Okabe & Ito's sky blue, blue and yellow, Paul Tol's orange, black, two
 * greys and a dark green. Okabe & Ito's own eight are not enough once tinted: their
 * orange and vermillion, and green and grey, come within a few units of each other. */
export const PALETTE = {
  sky: "#56B4E9",
  blue: "#0072B2",
  yellow: "#F0E442",
  orange: "#EE7733",
  black: "#1B1B1B",
  grey: "#6E6E6E",
  light: "#BBBBBB",
  green: "#225522",
} as const;

export interface Kind {
  /** The picture's URL (bundled by Vite). */
  picture: string;
  colour: string;
  /** The text shown if the picture cannot be loaded. */
  short: string;
  /** Its English name, if the game catalogue has none (`species.<kind>`). */
  word: string;
}

const P = PALETTE;

const KINDS: Record<string, Kind> = {
  // Aquaretto
  dolphin: { picture: dolphin, colour: P.sky, short: "Dol", word: "dolphin" },
  orca: { picture: orca, colour: P.black, short: "Orc", word: "orca" },
  "sea-lion": { picture: seaLion, colour: P.orange, short: "SLi", word: "sea lion" },
  hippo: { picture: hippo, colour: P.grey, short: "Hip", word: "hippo" },
  turtle: { picture: turtle, colour: P.yellow, short: "Tur", word: "sea turtle" },
  penguin: { picture: penguin, colour: P.blue, short: "Pen", word: "penguin" },
  "polar-bear": { picture: polarBear, colour: P.light, short: "PBe", word: "polar bear" },
  crocodile: { picture: crocodile, colour: P.green, short: "Cro", word: "crocodile" },
  // Zooloretto
  camel: { picture: camel, colour: P.orange, short: "Cam", word: "camel" },
  elephant: { picture: elephant, colour: P.grey, short: "Ele", word: "elephant" },
  flamingo: { picture: flamingo, colour: P.sky, short: "Fla", word: "flamingo" },
  kangaroo: { picture: kangaroo, colour: P.green, short: "Kan", word: "kangaroo" },
  leopard: { picture: leopard, colour: P.yellow, short: "Leo", word: "leopard" },
  chimpanzee: { picture: chimpanzee, colour: P.black, short: "Chi", word: "chimpanzee" },
  panda: { picture: panda, colour: P.light, short: "Pan", word: "panda" },
  zebra: { picture: zebra, colour: P.blue, short: "Zeb", word: "zebra" },
  // Zooloretto's vending stalls: one neutral colour, told apart by their pictures
  kiosk: { picture: kiosk, colour: "#B8A888", short: "Kio", word: "kiosk" },
  barrow: { picture: barrow, colour: "#B8A888", short: "Bar", word: "barrow" },
  snacks: { picture: snacks, colour: "#B8A888", short: "Sna", word: "snacks" },
  popcorn: { picture: popcorn, colour: "#B8A888", short: "Pop", word: "popcorn" },
  // Coins (the combined game names each pile's coin)
  coin: { picture: coin, colour: "#F5C518", short: "1$", word: "coin" },
  "aquaretto-coin": { picture: coin, colour: "#F5C518", short: "1$", word: "coin" },
  "zooloretto-coin": { picture: coin, colour: "#F5C518", short: "1$", word: "coin" },
  // Aquarium Designer's animals (its sections are named by colour: see boards/designer)
  angelfish: { picture: angelfish, colour: OKABE_ITO.orange, short: "Ang", word: "angelfish" },
};

/** Each game's species: the tiles that share a board, whose colours must stay apart. */
export const SPECIES: Record<string, string[]> = {
  aquaretto: ["dolphin", "orca", "sea-lion", "hippo", "turtle", "penguin", "polar-bear", "crocodile"],
  zooloretto: ["camel", "elephant", "flamingo", "kangaroo", "leopard", "chimpanzee", "panda", "zebra"],
};

/** A coworker (Aquaretto): the same figure on a booth, a feeding station or a space. */
export const COWORKER_PICTURE = coworker;

/** The words for a tile's mark (the ui catalogue's `mark.*`), after its species. */
const MARKS: Record<string, () => string> = {
  fish: () => t("mark.fish"),
  bolt: () => t("mark.bolt"),
  young: () => t("mark.young"),
  "m-bred": () => t("mark.m-bred"),
  "f-bred": () => t("mark.f-bred"),
};

export function kindOf(tile: string): string {
  return tile.split("/")[0];
}

export function markOf(tile: string): string | null {
  return tile.split("/")[1] ?? null;
}

export function kindStyle(kind: string): Kind {
  return KINDS[kind] ?? { picture: "", colour: "#cccccc", short: kind.slice(0, 3), word: kind.replace(/-/g, " ") };
}

/** Zooloretto's vending stalls: the game catalogue names them `stall.<kind>`, not `species.`. */
const STALLS = new Set(["kiosk", "barrow", "snacks", "popcorn"]);

/** A tile's kind in words, in the game catalogue's (`species.<kind>` or `stall.<kind>`, in
 * `grammaticalCase` if it has that form): "sea lion". */
export function kindWords(tile: string, grammaticalCase?: string): string {
  const kind = kindOf(tile);
  if (kind.endsWith("coin")) return t("tile.coin"); // a coin tile, of either pile
  const area = STALLS.has(kind) ? "stall" : "species";
  return t(`game:${area}.${kind}`, { defaultValue: kindStyle(kind).word, context: grammaticalCase });
}

/** A tile in words, for tooltips and screen readers: "female dolphin", "penguin, with a fish". */
export function tileWords(tile: string): string {
  const mark = markOf(tile);
  if (mark === "m") return t("tile.male", { kind: kindWords(tile, "gen") });
  if (mark === "f") return t("tile.female", { kind: kindWords(tile, "gen") });
  return mark ? t("tile.marked", { kind: kindWords(tile), mark: MARKS[mark]?.() ?? mark }) : kindWords(tile);
}

/** `colour` mixed with white: `amount` 0 keeps it, 1 is white. */
export function tint(colour: string, amount: number): string {
  const n = parseInt(colour.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [mix(n >> 16), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}
