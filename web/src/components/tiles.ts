// How the tiles of Aquaretto and Zooloretto look: a colour and a short label per kind,
// and the words for a mark. Shared by every board that shows such tiles.

interface Kind {
  colour: string;
  short: string;
  word: string;
}

const KINDS: Record<string, Kind> = {
  // Aquaretto
  dolphin: { colour: "#3b82c4", short: "Do", word: "dolphin" },
  orca: { colour: "#2d3440", short: "Or", word: "orca" },
  "sea-lion": { colour: "#b07a3c", short: "SL", word: "sea lion" },
  hippo: { colour: "#8d6e97", short: "Hi", word: "hippo" },
  turtle: { colour: "#4f9a5a", short: "Tu", word: "turtle" },
  penguin: { colour: "#5b6470", short: "Pe", word: "penguin" },
  "polar-bear": { colour: "#c9d6df", short: "PB", word: "polar bear" },
  crocodile: { colour: "#6b7d2e", short: "Cr", word: "crocodile" },
  // Zooloretto
  camel: { colour: "#d2a24c", short: "Ca", word: "camel" },
  elephant: { colour: "#8a9097", short: "El", word: "elephant" },
  flamingo: { colour: "#e98aa6", short: "Fl", word: "flamingo" },
  kangaroo: { colour: "#c46a3a", short: "Ka", word: "kangaroo" },
  leopard: { colour: "#e0b830", short: "Le", word: "leopard" },
  chimpanzee: { colour: "#6d4c36", short: "Ch", word: "chimpanzee" },
  panda: { colour: "#f1f1ee", short: "Pa", word: "panda" },
  zebra: { colour: "#9aa3ab", short: "Ze", word: "zebra" },
  kiosk: { colour: "#7fc6c0", short: "Ki", word: "kiosk" },
  barrow: { colour: "#b3cf7a", short: "Ba", word: "barrow" },
  snacks: { colour: "#f0c27a", short: "Sn", word: "snacks" },
  popcorn: { colour: "#f3e29a", short: "Po", word: "popcorn" },
  // Coins (the combined game names each pile's coin)
  coin: { colour: "#f5c518", short: "$", word: "coin" },
  "aquaretto-coin": { colour: "#f5c518", short: "$", word: "coin" },
  "zooloretto-coin": { colour: "#f5c518", short: "$", word: "coin" },
};

const MARKS: Record<string, string> = {
  m: "fertile male",
  f: "fertile female",
  fish: "with a fish",
  bolt: "with a lightning bolt",
  young: "offspring",
  "m-bred": "male, has had its offspring",
  "f-bred": "female, has had its offspring",
};

export function kindOf(tile: string): string {
  return tile.split("/")[0];
}

export function markOf(tile: string): string | null {
  return tile.split("/")[1] ?? null;
}

export function kindStyle(kind: string): Kind {
  return KINDS[kind] ?? { colour: "#ccc", short: kind.slice(0, 2), word: kind };
}

/** A tile in words, for tooltips and screen readers: "dolphin, fertile male". */
export function tileWords(tile: string): string {
  const mark = markOf(tile);
  const word = kindStyle(kindOf(tile)).word;
  return mark ? `${word}, ${MARKS[mark] ?? mark}` : word;
}

/** Light tiles need dark text. */
export function textColour(background: string): string {
  const n = parseInt(background.slice(1), 16);
  const luma = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 150 ? "#1b1b1b" : "#ffffff";
}
