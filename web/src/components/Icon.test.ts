import { describe, expect, it } from "vitest";
import en from "../i18n/ui.en.json";
import cs from "../i18n/ui.cs.json";

// Symbols that many system fonts lack (an empty box in their place): the page draws them as
// SVG icons (Icon.tsx) instead of writing them in its words.
const MISSING_GLYPHS = /[\u23e9-\u23fa\u21b6\u21b7\u{1f300}-\u{1faff}]/u;

describe("the page's words", () => {
  it("hold no symbol a font may lack: clocks and undo are SVG icons", () => {
    for (const catalogue of [en, cs] as Record<string, string>[]) {
      const bad = Object.entries(catalogue).filter(([, text]) => MISSING_GLYPHS.test(text));
      expect(bad).toEqual([]);
    }
  });
});
