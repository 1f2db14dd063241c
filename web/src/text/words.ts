// Words the page shows: seat names, counts, labels from the engine's identifiers, in the
// reader's language (i18n/: the `ui` catalogue's own words, the `game` catalogue's names of
// species, score categories, bot levels).
import { current, t } from "../i18n";

/** A bot's short name by its spec's first word, in the game catalogue's words
 * (`level.<kind>.name`: "Greedy", "Hladový"); a bot this client does not know, capitalised. */
function levelName(kind: string): string {
  return t(`game:level.${kind}.name`, { defaultValue: kind.charAt(0).toUpperCase() + kind.slice(1) });
}

/** A bot's name in the log and on its panel: "Greedy bot", "MCTS bot (2 s)", not its spec. */
export function botName(spec: string | null | undefined): string {
  if (!spec) return t("bot.unnamed");
  const [kind, params = ""] = spec.split(":", 2);
  const seconds = /(?:^|,)seconds=([0-9.]+)/.exec(params);
  // "0.5" in the spec, "0,5" in Czech: the reader's decimal separator.
  if (seconds) return t("bot.name-seconds", { kind: levelName(kind), seconds: new Intl.NumberFormat(current()).format(Number(seconds[1])) });
  return params ? t("bot.name-params", { kind: levelName(kind), params }) : t("bot.name", { kind: levelName(kind) });
}

/** A bot as the new-game form offers it: its catalog `level` in the game catalogue's words
 * ("Greedy (the best move now)"), else `label`, the server catalog's English. */
export function botChoice(level: string | undefined, label: string): string {
  return level ? t(`game:${level}`, { defaultValue: label }) : label;
}

/** A seat's name as the table shows it: a bot's is always its level's words ("Beginner bot",
 * "Začátečník bot"), never the English label the server stores when a bot takes a seat in
 * the middle of a game ("Beginner"); a player's is their name, else "Seat 2". */
export function seatLabel(seat: { seat: number; kind: string; bot?: string | null; name?: string | null }): string {
  if (seat.kind === "bot") return botName(seat.bot);
  return seat.name ?? seatName(seat.seat);
}

/** The name a player who gave none gets for seat `seat`: "Player 1" ("Hráč 1"), never "Me"
 * (the log would read "Me draws a tile" to everyone else). */
export function defaultName(seat: number): string {
  return t("new.default-name", { n: seat + 1 });
}

/** The default name of a seat nobody has named: "Seat 2" ("Hráč 2"). */
export function seatName(seat: number): string {
  return t("seat.default", { n: seat + 1 });
}

/** "1 coin", "3 coins" (Czech: "1 mince", "3 mince", "5 mincí"): a count of `what`, one of the
 * `count.*` entries of the ui catalogue, in the plural form the number asks for. */
export function plural(n: number, what: "coins" | "tiles" | "points" | "animals" | "sections"): string {
  switch (what) {
    case "coins":
      return t("count.coins", { count: n });
    case "tiles":
      return t("count.tiles", { count: n });
    case "points":
      return t("count.points", { count: n });
    case "animals":
      return t("count.animals", { count: n });
    case "sections":
      return t("count.sections", { count: n });
  }
}

/** An engine identifier as words: "sea-lion" → "sea lion", "points_full" → "points full". */
export function label(id: string): string {
  return id.replace(/[-_]/g, " ");
}

/** A species (or stall) by its engine id, in the game catalogue's words (in `grammaticalCase`
 * where the catalogue has that form): "sea-lion" → "sea lion". */
export function speciesName(id: string, grammaticalCase?: string): string {
  return t(`game:species.${id}`, { defaultValue: label(id), context: grammaticalCase });
}

/** A game by its id ("aquaretto-zooloretto"), in the game catalogue's words (`game.<id>`),
 * else `fallback` (the server catalog's name) or the id. */
export function gameName(id: string, fallback?: string): string {
  return t(`game:game.${id}`, { defaultValue: fallback ?? id.charAt(0).toUpperCase() + label(id).slice(1) });
}

/** A score sheet's category by its id ("enclosures", "barn"), in the game catalogue's words. */
export function scoreName(id: string): string {
  return t(`game:score.${id}`, { defaultValue: label(id) });
}

/** A log text with `{n}` (seat n) replaced by that seat's name (docs/api.md, "log"). */
export function fillNames(text: string, names: string[]): string {
  return text.replace(/\{(\d+)\}/g, (whole, n: string) => names[Number(n)] ?? whole);
}

/** What an Aquaretto seat has earned and must place now (the view's `pending`, e.g.
 * "offspring polar-bear" or "worker"), as a player says it: "a polar bear offspring". */
export function pendingWords(pending: string): string {
  const [what, species] = pending.split(" ");
  if (what === "offspring" && species) return t("pending.offspring", { species: speciesName(species, "gen") });
  if (what === "worker") return t("pending.worker");
  return label(pending);
}

/** What a review says of a move played as the bots' choice reads but elsewhere: Aquarium
 * Designer's "draw 17 1,0 r90" is the same card placed or turned otherwise; any other game's
 * the same tile placed elsewhere (Aquaretto's "place dolphin/m 2,3", an offspring's spot). */
export function elsewhereWords(played: string): string {
  return /^draw \d/.test(played) ? t("review.elsewhere-card") : t("review.elsewhere-tile");
}
