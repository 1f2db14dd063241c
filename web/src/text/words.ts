// Words the page shows: seat names, plurals, labels from the engine's identifiers.

/** A bot's name in the log and on its panel: "Greedy bot", "MCTS bot (2 s)", not its spec. */
export function botName(spec: string | null | undefined): string {
  if (!spec) return "Bot";
  const [kind, params = ""] = spec.split(":", 2);
  const title = kind === "mcts" ? "MCTS" : kind.charAt(0).toUpperCase() + kind.slice(1);
  const seconds = /(?:^|,)seconds=([0-9.]+)/.exec(params);
  return seconds ? `${title} bot (${seconds[1]} s)` : params ? `${title} bot (${params})` : `${title} bot`;
}

/** "1 coin", "3 coins"; `many` for irregular plurals. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** An engine identifier as words: "sea-lion" → "sea lion", "points_full" → "points full". */
export function label(id: string): string {
  return id.replace(/[-_]/g, " ");
}

/** A log text with `{n}` (seat n) replaced by that seat's name (docs/api.md, "log"). */
export function fillNames(text: string, names: string[]): string {
  return text.replace(/\{(\d+)\}/g, (whole, n: string) => names[Number(n)] ?? whole);
}

/** What an Aquaretto seat has earned and must place now (the view's `pending`, e.g.
 * "offspring polar-bear" or "worker"), as a player says it: "a polar bear offspring". */
export function pendingWords(pending: string): string {
  const [what, species] = pending.split(" ");
  if (what === "offspring" && species) return `a ${label(species)} offspring`;
  if (what === "worker") return "a coworker";
  return label(pending);
}
