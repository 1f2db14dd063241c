import { describe, expect, it } from "vitest";
import { SOLO_RANKS, outcomeSentences } from "./Outcome";

const score = (parts: Record<string, number>) => ({ ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) });
const names = ["Anna", "Beginner bot", "Cleo"];

describe("the end of a game, in sentences", () => {
  const scores = [score({ animals: 20, coins: 3 }), score({ animals: 12 }), score({ animals: 25, stalls: 4 })];

  it("says the reader's place, the margin and where the points came from", () => {
    const result = { winners: [2], scores: scores.map((s) => s.total) };
    const [place, from] = outcomeSentences(scores, result, names, 0);
    expect(place).toBe("You finished in place 2 of 3, 6 points behind Cleo.");
    expect(from).toMatch(/^Your points came most from: .*20, .*3\.$/);
  });

  it("says a win with its margin, and a spectator reads the winner's", () => {
    const result = { winners: [2], scores: scores.map((s) => s.total) };
    expect(outcomeSentences(scores, result, names, 2)[0]).toBe("You won, 6 points ahead of Anna.");
    expect(outcomeSentences(scores, result, names, null)[0]).toBe("Cleo won, 6 points ahead of Anna.");
  });

  it("says a win on the tie-break, a shared win and a forfeit", () => {
    const level = [score({ animals: 20 }), score({ animals: 20 })];
    expect(outcomeSentences(level, { winners: [0], scores: [20, 20], coins: [3, 1] }, names, 0)[0]).toMatch(/tie-break/);
    expect(outcomeSentences(level, { winners: [0, 1], scores: [20, 20] }, names, 0)[0]).toBe("You shared the win with Beginner bot.");
    expect(outcomeSentences(level, { winners: [0], scores: [20, 20], forfeited: 1 }, names, 1)[0]).toMatch(/^You forfeited/);
  });

  it("gives a rated game's rating change, once the game counted", () => {
    const result = { winners: [2], scores: scores.map((s) => s.total), ratings: [{ before: 3.25, after: 1.5 }, null, { before: 0, after: 2.04 }] };
    expect(outcomeSentences(scores, result, names, 0).at(-1)).toBe("Your rating: 3.3 → 1.5 (-1.8).");
    expect(outcomeSentences(scores, result, names, 2).at(-1)).toBe("Your rating: 0 → 2 (+2).");
    expect(outcomeSentences(scores, { ...result, ratings: undefined }, names, 0).at(-1)).not.toMatch(/rating/);
  });

  it("gives a solo game's rank and what each rank needs", () => {
    const [rank, needs] = outcomeSentences([score({ areas: 41 })], { winners: [0], scores: [41] }, ["Anna"], 0, "B");
    expect(rank).toBe("You scored 41 points: designer rank B.");
    expect(needs).toBe(`Each rank's least score: ${SOLO_RANKS.map(([r, n]) => `${r} ${n}`).join(", ")}; below 35, D.`);
  });
});
