// renderMessage (issue 15's contract): the contract's example in both languages, seats by
// name, nested messages in their case, plural forms by `count`.
import { describe, expect, it } from "vitest";
import { type Message, renderMessage } from "./message";

const load: Message = {
  id: "aquaretto.load",
  params: { tile: { id: "tile.female", params: { species: { id: "species.dolphin", params: {} } } }, truck: "B" },
};

describe("renderMessage", () => {
  it("renders the contract's example in Czech, the animal in the cases the sentence needs", () => {
    expect(renderMessage(load, ["Alice"], "cs")).toBe("nakládá samici delfína na vůz B");
  });

  it("renders it in English, where the entries have no per-case forms", () => {
    expect(renderMessage(load, ["Alice"], "en")).toBe("loads a female dolphin onto truck B");
  });

  it("names a seat by the reader's names for the seats, and picks the plural by count", () => {
    const coins = (count: number): Message => ({ id: "log.gets-coins", params: { count, from: { seat: 1 } } });
    const names = ["Alice", "Bob"];
    expect(renderMessage(coins(1), names, "cs")).toBe("dostává 1 minci od hráče Bob");
    expect(renderMessage(coins(2), names, "cs")).toBe("dostává 2 mince od hráče Bob");
    expect(renderMessage(coins(5), names, "cs")).toBe("dostává 5 mincí od hráče Bob");
    expect(renderMessage(coins(1), names, "en")).toBe("gets 1 coin from Bob");
    expect(renderMessage(coins(5), names, "en")).toBe("gets 5 coins from Bob");
  });

  it("falls back to English for an id the Czech catalogue lacks, and shows an unknown id as it is", () => {
    expect(renderMessage({ id: "no.such-id", params: {} }, [], "cs")).toBe("no.such-id");
  });
});
