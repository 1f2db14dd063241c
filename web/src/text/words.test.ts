import { describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import { botChoice, botName, defaultName, elsewhereWords, pendingWords, plural, seatLabel } from "./words";

describe("pendingWords", () => {
  it("says what a seat has earned as a player would, never the engine's identifiers", () => {
    expect(pendingWords("offspring polar-bear")).toBe("a polar bear offspring");
    expect(pendingWords("offspring dolphin")).toBe("a dolphin offspring");
    expect(pendingWords("worker")).toBe("a coworker");
  });
});

describe("plural", () => {
  it("counts in words", () => {
    expect(plural(1, "coins")).toBe("1 coin");
    expect(plural(3, "coins")).toBe("3 coins");
  });

  it("picks Czech's three forms: one, few (2–4), and the rest (5, 22: no few-form past 4)", async () => {
    await i18n.changeLanguage("cs");
    try {
      expect([1, 2, 4, 5, 22].map((n) => plural(n, "coins"))).toEqual(["1 mince", "2 mince", "4 mince", "5 mincí", "22 mincí"]);
      expect([1, 3, 5].map((n) => plural(n, "tiles"))).toEqual(["1 destička", "3 destičky", "5 destiček"]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("botName and botChoice", () => {
  it("name a bot by the game catalogue's level words, the seconds in the reader's numbers", async () => {
    expect(["greedy", "random", "mcts:seconds=0.5"].map(botName)).toEqual(["Greedy bot", "Random bot", "MCTS bot (0.5 s)"]);
    expect(botChoice("level.greedy", "Greedy (the best move now)")).toBe("Greedy (the best move now)");
    expect(botChoice(undefined, "Some bot")).toBe("Some bot");
    await i18n.changeLanguage("cs");
    try {
      expect(["greedy", "random", "mcts:seconds=0.5"].map(botName)).toEqual(["Hladový bot", "Náhodný bot", "MCTS bot (0,5 s)"]);
      expect(botChoice("level.greedy", "Greedy (the best move now)")).toBe("Hladový (nejlepší tah v tu chvíli)");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("a seat's name", () => {
  it("is one name for a bot, also when it took the seat mid-game (the server stores its English label)", async () => {
    const took = { seat: 1, kind: "bot", bot: "beginner", name: "Beginner" };
    expect(seatLabel(took)).toBe("Beginner bot");
    expect(seatLabel({ ...took, name: null })).toBe(botName("beginner"));
    await i18n.changeLanguage("cs");
    try {
      expect(seatLabel(took)).toBe(botName("beginner"));
      expect(seatLabel(took)).not.toContain("Beginner");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it('is the player\'s own, else a default that is not "Me"', () => {
    expect(seatLabel({ seat: 0, kind: "human", bot: null, name: "Anna" })).toBe("Anna");
    expect(defaultName(0)).toBe("Player 1");
    expect(defaultName(1)).toBe("Player 2");
  });
});

describe("a move the bots would have played elsewhere", () => {
  it("is a card in Aquarium Designer and a tile in Aquaretto", () => {
    expect(elsewhereWords("draw 17 1,0 r90")).toMatch(/^Same card, placed or turned otherwise/);
    expect(elsewhereWords("place dolphin/m 2,3")).toMatch(/^Same tile, placed elsewhere/);
    expect(elsewhereWords("place dolphin/m 2,3")).not.toMatch(/card/);
  });
});
