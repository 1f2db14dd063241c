// Every choice the page offers comes from the view's `legal` list (docs/notation.md).
// An action is a sequence of words; the player builds it by clicks, each clickable thing
// standing for one or more words ("place dolphin/m" for a tile, "2,3" for a space).
// A thing is offered only if the words chosen so far plus its own begin a legal action, so
// the page never offers an illegal choice.

export type Words = string[];

interface Entry {
  words: Words;
  /** The canonical notation to send (an alias's words differ from it). */
  action: string;
}

/** Words the engine writes in one order but a player may click in another. */
function aliases(words: Words): Words[] {
  // Zooloretto writes `exchange e4 e5` in board order; either enclosure may be clicked first.
  if (words[0] === "exchange" && words.length === 3) return [["exchange", words[2], words[1]]];
  return [];
}

function startsWith(words: Words, prefix: Words): boolean {
  return prefix.length <= words.length && prefix.every((w, i) => words[i] === w);
}

export class Choices {
  private readonly entries: Entry[];

  constructor(
    readonly legal: string[],
    readonly prefix: Words,
  ) {
    this.entries = [];
    for (const action of legal) {
      const words = action.split(" ");
      this.entries.push({ words, action });
      for (const alias of aliases(words)) this.entries.push({ words: alias, action });
    }
  }

  /** The legal entries that begin with the words chosen so far. */
  private matching(extra: Words = []): Entry[] {
    const prefix = [...this.prefix, ...extra];
    return this.entries.filter((e) => startsWith(e.words, prefix));
  }

  /** The first of `alternatives` that continues a legal action, or null. */
  continuation(alternatives: Words[]): Words | null {
    for (const alt of alternatives) if (this.matching(alt).length > 0) return alt;
    return null;
  }

  /** The action the words so far plus `extra` spell out exactly, if they spell one. */
  complete(extra: Words = []): string | null {
    const prefix = [...this.prefix, ...extra];
    const exact = this.entries.find((e) => e.words.length === prefix.length && startsWith(e.words, prefix));
    return exact ? exact.action : null;
  }

  /** The words that may come next. */
  nextWords(extra: Words = []): string[] {
    const at = this.prefix.length + extra.length;
    const words = new Set<string>();
    for (const e of this.matching(extra)) if (e.words.length > at) words.add(e.words[at]);
    return [...words];
  }

  /** The legal actions that begin with the words so far (canonical, no duplicates). */
  actions(extra: Words = []): string[] {
    return [...new Set(this.matching(extra).map((e) => e.action))];
  }

  /** True if `words` were chosen just now: the chosen words end with them. */
  chose(words: Words): boolean {
    const p = this.prefix;
    return words.length > 0 && words.length <= p.length && words.every((w, i) => p[p.length - words.length + i] === w);
  }

  has(action: string): boolean {
    return this.legal.includes(action);
  }
}
