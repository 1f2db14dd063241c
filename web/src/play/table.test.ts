import { describe, expect, it } from "vitest";
import { formatClock, markedTitle, mergeGames, people, secondsLeft, sociable, sortGames, startBots } from "./table";

describe("the clock", () => {
  it("counts the seconds left to the deadline, never below zero", () => {
    const now = Date.parse("2026-11-24T20:00:00Z");
    expect(secondsLeft("2026-11-24T20:02:00Z", now)).toBe(120);
    expect(secondsLeft("2026-11-24T20:00:00.200Z", now)).toBe(1);
    expect(secondsLeft("2026-11-24T19:59:00Z", now)).toBe(0);
    expect(secondsLeft("not a date", now)).toBe(0);
  });

  it("shows minutes and seconds, and hours once there are any", () => {
    expect(formatClock(9)).toBe("0:09");
    expect(formatClock(119)).toBe("1:59");
    expect(formatClock(105)).toBe("1:45");
    expect(formatClock(86341)).toBe("23 h"); // a day's clock, a minute in
    expect(formatClock(86401)).toBe("24 h"); // never more than the day
    expect(formatClock(6300)).toBe("1 h 45 min");
    expect(formatClock(3600)).toBe("1 h");
    expect(formatClock(3 * 86400)).toBe("72 h");
    expect(formatClock(-5)).toBe("0:00");
  });
});

describe("my games", () => {
  const row = (id: string, status: "playing" | "over", yourTurn: boolean, createdAt: string) => ({ id, status, yourTurn, createdAt });

  it("lists your turn first, then games in play, then those over, newest first", () => {
    const rows = [
      row("over", "over", false, "2026-11-24T10:00:00"),
      row("wait-old", "playing", false, "2026-11-20T10:00:00"),
      row("mine", "playing", true, "2026-11-01T10:00:00"),
      row("wait-new", "playing", false, "2026-11-23T10:00:00"),
    ];
    expect(sortGames(rows).map((r) => r.id)).toEqual(["mine", "wait-new", "wait-old", "over"]);
  });

  it("merges the account's and the browser's rows of one game", () => {
    const merged = mergeGames([row("a", "playing", false, "1"), row("b", "playing", false, "2"), row("a", "playing", true, "1")]);
    expect(merged.map((r) => [r.id, r.yourTurn])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });
});

describe("the tab's title", () => {
  it("is marked only on the player's turn, and only when they turned the mark on", () => {
    expect(markedTitle("Zooloretto", "(your turn)", true, true)).toBe("(your turn) Zooloretto");
    expect(markedTitle("Zooloretto", "(your turn)", true, false)).toBe("Zooloretto");
    expect(markedTitle("Zooloretto", "(your turn)", false, true)).toBe("Zooloretto");
  });
});

describe("the people at a table", () => {
  const seat = (n: number, kind: string, joined: boolean) => ({ seat: n, kind, joined });

  it("are the taken human seats: no bot, no open seat, no unused invitation", () => {
    expect(people([seat(0, "human", true), seat(1, "bot", true), seat(2, "human", false)])).toEqual([0]);
  });

  it("make a table with a chat only when there are two of them", () => {
    expect(sociable(people([seat(0, "human", true), seat(1, "bot", true)]))).toBe(false); // a tutorial
    expect(sociable(people([seat(0, "human", true), seat(1, "human", false)]))).toBe(false); // waiting
    expect(sociable(people([seat(0, "human", true), seat(1, "human", true)]))).toBe(true);
  });
});

describe("start now with bots", () => {
  const everywhere = { aquaretto: [2, 3, 4], "aquarium-designer": [1, 2, 3, 4] };
  const bots = ["beginner", "casual", "strong", "expert", "master", "random", "greedy"].map((spec) => ({
    spec,
    named: !["random", "greedy"].includes(spec),
    games: spec === "master" ? { aquaretto: [2] } : everywhere,
  }));

  it("offers the named levels that play the game, beginner to master", () => {
    expect(startBots(bots, "aquaretto", 2).map((b) => b.spec)).toEqual(["beginner", "casual", "strong", "expert", "master"]);
  });

  it("leaves out a level that does not play the game, or not with that many players", () => {
    expect(startBots(bots, "aquarium-designer", 2).map((b) => b.spec)).toEqual(["beginner", "casual", "strong", "expert"]);
    expect(startBots(bots, "aquaretto", 4).map((b) => b.spec)).toEqual(["beginner", "casual", "strong", "expert"]);
  });
});
