// The client's languages (/docs/web.md "Languages"): i18next with two namespaces,
// `ui` (the client's own words, ui.<lang>.json) and `game` (the engine's and server's words,
// game.<lang>.json, generated from the gettext catalogues by scripts/gen_i18n.py). Keys are
// flat ids ("play.your-turn", "species.dolphin"), never English sentences.
//
// The language is the one remembered in localStorage (`zoogames.lang`), else the browser's;
// English is the fallback. Init is synchronous (the catalogues are bundled): the first render
// is already in the reader's language.
import i18next, { type TOptions } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import gameCs from "./game.cs.json";
import gameEn from "./game.en.json";
import type { Message } from "./message";
import uiCs from "./ui.cs.json";
import uiEn from "./ui.en.json";

/** The languages the client speaks, each named in itself (the switcher's labels). */
export const LANGUAGES = { en: "English", cs: "Čeština" } as const;
export type Language = keyof typeof LANGUAGES;

/** Where the chosen language is remembered. */
export const STORAGE_KEY = "zoogames.lang";

/** The grammatical cases a template may ask a nested message in (`{{tile, acc}}`). */
export const CASES = ["nom", "gen", "dat", "acc", "voc", "loc", "ins"] as const;

/** The option that carries the seats' names through a message's nested parts. */
const NAMES = "zoogamesNames";

export const i18n = i18next.createInstance();

i18n.use(LanguageDetector).init({
  resources: {
    en: { ui: uiEn, game: gameEn },
    cs: { ui: uiCs, game: gameCs },
  },
  ns: ["ui", "game"],
  defaultNS: "ui",
  fallbackNS: false,
  fallbackLng: "en",
  supportedLngs: Object.keys(LANGUAGES),
  // "cs-CZ" from the browser is Czech; the catalogues are per language, not per country.
  load: "languageOnly",
  nonExplicitSupportedLngs: true,
  keySeparator: false,
  nsSeparator: ":",
  interpolation: { escapeValue: false }, // Preact escapes what it renders
  // Only a choice made with the switcher is remembered (setLanguage): a browser's language
  // found here is not, so the page follows the browser until the player picks one.
  detection: { order: ["localStorage", "navigator"], lookupLocalStorage: STORAGE_KEY, caches: [] },
  initAsync: false,
  returnNull: false,
});

/** The message's own params as i18next takes them: seats as names, strings and numbers as
 * they are, nested messages left whole for the case formatters to render. */
export function messageOptions(msg: Message, names: string[], context?: string): TOptions {
  const replace: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(msg.params)) {
    if (typeof value === "object" && value !== null && "seat" in value) {
      replace[key] = names[value.seat] ?? i18n.t("seat.default", { n: value.seat + 1 });
    } else replace[key] = value;
  }
  const options: TOptions = { replace, [NAMES]: names };
  if (typeof msg.params.count === "number") options.count = msg.params.count;
  if (context) options.context = context;
  return options;
}

// One formatter per case: a nested message rendered from its entry with that context
// (`tile.female_acc`), which i18next falls back from to the entry without context.
for (const c of CASES) {
  i18n.services.formatter?.add(c, (value: unknown, lng: string | undefined, options: Record<string, unknown>) => {
    if (typeof value !== "object" || value === null || !("id" in value)) return String(value);
    const names = (options[NAMES] as string[] | undefined) ?? [];
    return i18n.t(`game:${(value as Message).id}`, { ...messageOptions(value as Message, names, c), lng });
  });
}

/** The page's `<html lang>` follows the language. */
function markDocument(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = current(lng);
}
i18n.on("languageChanged", markDocument);
markDocument(i18n.language);

/** The language in use, one of LANGUAGES ("cs-CZ" → "cs", anything unknown → "en"). */
export function current(lng: string | undefined = i18n.resolvedLanguage ?? i18n.language): Language {
  const short = (lng ?? "en").split("-")[0];
  return short in LANGUAGES ? (short as Language) : "en";
}

/** Switch the language, and remember the choice in localStorage. */
export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
  void i18n.changeLanguage(lng);
}

/** The translation function for code outside components (words.ts, tiles.ts). */
export const t = i18n.t.bind(i18n);
