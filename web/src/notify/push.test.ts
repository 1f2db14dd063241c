// The VAPID key as the browser takes it: base64url (no padding) to bytes.
import { describe, expect, it } from "vitest";
import { keyBytes, pushSupported } from "./push";

describe("keyBytes", () => {
  it("decodes base64url without padding, - and _ included", () => {
    expect([...keyBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...keyBytes("AQID")]).toEqual([1, 2, 3]);
    expect(keyBytes("B" + "A".repeat(86)).length).toBe(65); // a P-256 point's length
  });
});

describe("pushSupported", () => {
  it("is false where there is no service worker (the tests' Node)", () => {
    expect(pushSupported()).toBe(false);
  });
});
