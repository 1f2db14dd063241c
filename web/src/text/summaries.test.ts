import { describe, expect, it } from "vitest";
import { introOf, loadIntro, loadSummary, renderSummary, summaryKeys } from "./summaries";

const GAMES = ["aquaretto", "zooloretto", "aquaretto-zooloretto", "aquarium-designer"];

describe("the rules summaries", () => {
  it("exist for every game in both languages, read from docs/summaries/", () => {
    expect(summaryKeys().sort()).toEqual(GAMES.flatMap((g) => [`${g}.cs`, `${g}.en`]).sort());
  });

  it("render with the file's title apart and the sections one level below the dialog's h2", async () => {
    for (const game of GAMES) {
      for (const lang of ["en", "cs"] as const) {
        const summary = await loadSummary(game, lang);
        expect(summary, `${game}.${lang}`).not.toBeNull();
        expect(summary?.title).toMatch(lang === "en" ? / in brief$/ : / ve zkratce$/);
        expect(summary?.html).toContain("<h3>");
        expect(summary?.html).not.toMatch(/<h[12][ >]/);
        expect(summary?.html).toContain("<small>");
      }
    }
  });

  it("fall back to English for another language, and to nothing for an unknown game", async () => {
    expect((await loadSummary("zooloretto", "xx" as "en"))?.title).toBe("Zooloretto in brief");
    expect(await loadSummary("chess", "cs")).toBeNull();
  });

  it("refuse a file without its title line", () => {
    expect(() => renderSummary("no title\n\ntext")).toThrow(/title/);
    expect(renderSummary("# T\n\n## S\n\nx").html).toBe("<h3>S</h3>\n<p>x</p>\n");
  });

  it("give each game's goal and length for its card on the home page, in both languages", async () => {
    for (const game of GAMES) {
      for (const lang of ["en", "cs"] as const) {
        const intro = await loadIntro(game, lang);
        expect(intro?.goal, `${game}.${lang}`).toMatch(/^\p{Lu}.{20,}/u);
        expect(intro?.goal).not.toMatch(/\*|<small>/);
        expect(intro?.length, `${game}.${lang}`).toMatch(/\d/);
      }
    }
    expect(introOf("# T\n\nLead.\n\n**Goal.** Win **big**. <small>A-1</small>\n\n**Length.** Short.\n")).toEqual({ goal: "Win big.", length: "Short." });
  });
});
