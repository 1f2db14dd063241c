// The ui catalogues are complete: every key the client uses is in both languages,
// every key in either is used, both hold the same keys, plural entries have every form their
// language needs, and a template names the same values in both. The keys used are read from
// the source: every `t("…")` call with a literal key (a key built at run time could not be
// checked, so none is: a `t(` with a template string must be the `game` namespace's).
import { describe, expect, it } from "vitest";
import { i18n } from ".";
import cs from "./ui.cs.json";
import en from "./ui.en.json";

const PLURALS: Record<string, string[]> = { en: ["one", "other"], cs: ["one", "few", "many", "other"] };

// Every source file of the client, as text (Vite's glob; tests excluded below).
const files = import.meta.glob<string>("../**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const code = Object.entries(files)
  .filter(([path]) => !/\.test\.tsx?$/.test(path))
  .map(([path, text]) => ({ path, text }));
const used = new Set(code.flatMap(({ text }) => [...text.matchAll(/\bt\(\s*"([^"]+)"/g)].map((m) => m[1])));

/** A catalogue's keys by their base: "count.coins_few" → "count.coins". */
function bases(catalogue: Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of Object.keys(catalogue)) {
    const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    const base = m ? m[1] : key;
    out.set(base, [...(out.get(base) ?? []), ...(m ? [m[2]] : [])]);
  }
  return out;
}

const catalogues = { en: en as Record<string, string>, cs: cs as Record<string, string> };

describe("the ui catalogues", () => {
  it("are read from the source: the scanner finds the keys", () => {
    expect(used.size).toBeGreaterThan(200);
    expect(used).toContain("log.round");
  });

  it("hold no key built at run time in the ui namespace", () => {
    const dynamic = code.flatMap(({ path, text }) => [...text.matchAll(/\bt\(\s*`(?!game:)([^`]*)`/g)].map((m) => `${path}: ${m[1]}`));
    expect(dynamic).toEqual([]);
  });

  for (const [lang, catalogue] of Object.entries(catalogues)) {
    it(`${lang}: has every key the client uses`, () => {
      expect([...used].filter((k) => !bases(catalogue).has(k))).toEqual([]);
    });

    it(`${lang}: has no key the client does not use`, () => {
      expect([...bases(catalogue).keys()].filter((k) => !used.has(k))).toEqual([]);
    });

    it(`${lang}: has every plural form of each counted entry`, () => {
      for (const [base, forms] of bases(catalogue)) {
        if (forms.length > 0) expect([base, [...forms].sort()]).toEqual([base, [...PLURALS[lang]].sort()]);
      }
    });
  }

  it("hold the same entries in both languages, each naming the same values", () => {
    const names = (template: string) => [...new Set([...template.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]))].sort();
    expect([...bases(catalogues.cs).keys()].sort()).toEqual([...bases(catalogues.en).keys()].sort());
    for (const [key, template] of Object.entries(catalogues.cs)) {
      const base = key.replace(/_(one|few|many|other)$/, "");
      const english = catalogues.en[key] ?? catalogues.en[`${base}_other`];
      expect([key, names(template)]).toEqual([key, names(english)]);
    }
  });

  it("count in Czech with one, few and many forms: 1, 2, 5", () => {
    const cases = [1, 2, 5].map((count) => i18n.t("count.points", { count, lng: "cs" }));
    expect(cases).toEqual(["1 bod", "2 body", "5 bodů"]);
    expect([1, 2, 5].map((count) => i18n.t("truck.free", { count, lng: "cs" }))).toEqual(["1 volné místo", "2 volná místa", "5 volných míst"]);
    expect([1, 2].map((count) => i18n.t("count.points", { count, lng: "en" }))).toEqual(["1 point", "2 points"]);
  });
});
