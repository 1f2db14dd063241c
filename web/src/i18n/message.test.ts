// renderMessage (contract): the contract's example in both languages, seats by
// name, nested messages in their case, plural forms by `count`.
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from ".";
import { type Message, renderMessage } from "./message";

// Entries of this test's own (not the generated catalogue's, which may word a count otherwise):
// a seat param and a count, with Czech's three plural forms.
beforeAll(() => {
  i18n.addResources("en", "game", {
    "test.gets-coins_one": "gets {{count}} coin from {{from}}",
    "test.gets-coins_other": "gets {{count}} coins from {{from}}",
  });
  i18n.addResources("cs", "game", {
    "test.gets-coins_one": "dostává {{count}} minci od hráče {{from}}",
    "test.gets-coins_few": "dostává {{count}} mince od hráče {{from}}",
    "test.gets-coins_many": "dostává {{count}} mincí od hráče {{from}}",
    "test.gets-coins_other": "dostává {{count}} mincí od hráče {{from}}",
  });
});

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
    const coins = (count: number): Message => ({ id: "test.gets-coins", params: { count, from: { seat: 1 } } });
    const names = ["Alice", "Bob"];
    expect(renderMessage(coins(1), names, "cs")).toBe("dostává 1 minci od hráče Bob");
    expect(renderMessage(coins(2), names, "cs")).toBe("dostává 2 mince od hráče Bob");
    expect(renderMessage(coins(5), names, "cs")).toBe("dostává 5 mincí od hráče Bob");
    expect(renderMessage(coins(1), names, "en")).toBe("gets 1 coin from Bob");
    expect(renderMessage(coins(5), names, "en")).toBe("gets 5 coins from Bob");
  });

  it("shows an id no catalogue has as it is", () => {
    expect(renderMessage({ id: "no.such-id", params: {} }, [], "cs")).toBe("no.such-id");
  });
});
