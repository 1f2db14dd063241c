import { describe, expect, it } from "vitest";
import type { LogEntry, TableEvent } from "../api/types";
import { i18n } from "../i18n";
import { entryBy, eventText, eventsAfter } from "./events";

const left: TableEvent = { kind: "left", number: 3, seat: 1, name: "Bob", bot: "beginner", game: null, at: "2026-11-27T20:00:00Z" };

function entry(number: number, seat: number, by?: string | null): LogEntry {
  return { number, seat, text: "draws a tile", message: { id: "log.notation", params: {} }, action: "draw", round: null, ...(by === undefined ? {} : { by }) };
}

describe("entryBy", () => {
  it("credits a move to the player who held the seat then, not the bot that holds it now", () => {
    const names = ["Ann", "Beginner bot"];
    expect(entryBy(entry(2, 1, "Bob"), names)).toBe("Bob");
    expect(entryBy(entry(4, 1), names)).toBe("Beginner bot");
    expect(entryBy(entry(0, 0), names)).toBe("Ann");
  });

  it("names an unnamed player by the seat's default name", () => {
    expect(entryBy(entry(2, 1, null), ["Ann", "Beginner bot"])).toBe("Seat 2");
  });
});

describe("eventText", () => {
  it("says who left and which bot plays on, in both languages", async () => {
    expect(eventText(left)).toMatch(/^Bob left the table; .+ plays the seat$/);
    await i18n.changeLanguage("cs");
    try {
      expect(eventText(left)).toMatch(/^Bob opustil\(a\) stůl; místo hraje /);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("tells every kind of event", () => {
    const kinds: TableEvent["kind"][] = ["joined", "left", "timed_out", "forfeited", "rematch"];
    const texts = kinds.map((kind) => eventText({ ...left, kind }));
    expect(new Set(texts).size).toBe(kinds.length);
    for (const text of texts) expect(text).not.toMatch(/event\./);
  });
});

describe("eventsAfter", () => {
  it("places an event after the last action played before it", () => {
    const events = [{ ...left, number: 0 }, left];
    expect(eventsAfter(events, -1)).toEqual([events[0]]);
    expect(eventsAfter(events, 2)).toEqual([left]);
    expect(eventsAfter(events, 3)).toEqual([]);
  });
});
