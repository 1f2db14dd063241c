// The VAPID key as the browser takes it: base64url (no padding) to bytes.
import { describe, expect, it } from "vitest";
import { keyBytes, linkSecret, pushSupported } from "./push";

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

describe("linkSecret", () => {
  it("reads the secret of an e-mailed confirmation link from the fragment, nothing else", () => {
    expect(linkSecret("#email=Ab-_09")).toBe("Ab-_09");
    expect(linkSecret("")).toBeNull();
    expect(linkSecret("#email=")).toBeNull();
    expect(linkSecret("#email=a b")).toBeNull();
    expect(linkSecret("#other=abc")).toBeNull();
  });
});
