// A refusal reaches the player in their language: the server's answer carries the catalogue
// message beside its English `detail`, and `call` renders the message, not the sentence.
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { ApiError, call } from "./http";

/** A fetch answering every request with `status` and `body`. */
function answering(status: number, body: unknown): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

/** What `call` throws for the answer given to `answering`. */
async function refusal(): Promise<ApiError> {
  const error: unknown = await call("POST", "/api/games/abc/seats/1").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe("a refusal from the server", () => {
  it("comes out in Czech for a Czech reader, from the message rather than the detail", async () => {
    await i18n.changeLanguage("cs");
    answering(409, {
      detail: "this seat is taken; choose another",
      message: { id: "error.seat_taken", params: {} },
    });
    const error = await refusal();
    expect(error.status).toBe(409);
    expect(error.message).toBe("toto místo je obsazené; vyber jiné");
  });

  it("fills in the message's params in the reader's words", async () => {
    await i18n.changeLanguage("cs");
    answering(422, {
      detail: "the game has seats 0 to 1, not 5",
      message: { id: "error.seat_range", params: { last: 1, asked: 5 } },
    });
    expect((await refusal()).message).toBe("hra má místa 0 až 1, ne 5");
  });

  it("comes out in English for an English reader", async () => {
    answering(429, {
      detail: "too many requests from your address (at most 30/1 minute): wait a little",
      message: { id: "error.too_many", params: {} },
    });
    expect((await refusal()).message).toBe("too many requests from your address: wait a little and try again");
  });
});
