// The rules summaries (docs/summaries/<game>.<lang>.md), rendered for the "?"
// dialog. The Markdown files stay the single copy: Vite imports them as text from docs/
// (vite.config.ts allows that folder to the dev server) and marked renders them here.
// The table loads this module only when the dialog first opens, so marked and the texts
// are a chunk of their own and the game page's script does not grow.
import { Marked } from "marked";

/** The languages the summaries are written in; English is the fallback. */
export type SummaryLang = "en" | "cs";

/** A summary ready to show: the file's first heading, and the rest as HTML. */
export interface Summary {
  title: string;
  html: string;
}

// Each file as a loader of its text; the key is the path as written here.
const FILES = import.meta.glob<string>("../../../docs/summaries/*.md", { query: "?raw", import: "default" });

/** The loader of `game`'s summary in `lang`, or null if there is none. */
function loader(game: string, lang: SummaryLang): (() => Promise<string>) | null {
  return FILES[`../../../docs/summaries/${game}.${lang}.md`] ?? null;
}

/** Every game and language a summary exists for, as "game.lang" (for tests). */
export function summaryKeys(): string[] {
  return Object.keys(FILES).map((path) => path.replace(/^.*\//, "").replace(/\.md$/, ""));
}

// The dialog's own heading is an h2 (the page's h1 is the game's name), so the files'
// "##" sections become h3 and nothing in a summary competes with the dialog's title.
const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === "heading") token.depth = Math.min(token.depth + 1, 6);
  },
});

/** Split a summary's Markdown into its title (the first line's "# …") and the body's HTML. */
export function renderSummary(markdown: string): Summary {
  const match = /^#\s+(.+)\n/.exec(markdown);
  if (!match) throw new Error("a summary must begin with its '# title' line");
  const html = marked.parse(markdown.slice(match[0].length), { async: false });
  return { title: match[1].trim(), html };
}

/** `game`'s summary in `lang`, falling back to English; null if the game has none. */
export async function loadSummary(game: string, lang: SummaryLang): Promise<Summary | null> {
  const load = loader(game, lang) ?? loader(game, "en");
  return load ? renderSummary(await load()) : null;
}

/** A game's card on the home page: what it is about (the summary's first labelled
 * paragraph, its goal) and how long it lasts (the second, its length), as plain text. */
export interface Intro {
  goal: string;
  length: string;
}

/** The goal and the length of a summary: its first two paragraphs that begin with a bold
 * label ("**Goal.** …", "**Length.** …"), without the label, the markup or the rule
 * references. */
export function introOf(markdown: string): Intro {
  const labelled = markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => /^\*\*[^*]+\.\*\*/.test(p))
    .map((p) =>
      p
        .replace(/^\*\*[^*]+\.\*\*\s*/, "")
        .replace(/<small>.*?<\/small>/g, "")
        .replace(/\*\*/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  return { goal: labelled[0] ?? "", length: labelled[1] ?? "" };
}

/** `game`'s goal and length in `lang` (English as the fallback); null if it has no summary. */
export async function loadIntro(game: string, lang: SummaryLang): Promise<Intro | null> {
  const load = loader(game, lang) ?? loader(game, "en");
  return load ? introOf(await load()) : null;
}
