import { describe, expect, it } from "vitest";
import { ZOOMS, storedZoom, zoomStep } from "./zoom";

describe("the board's zoom", () => {
  it("starts at fit when nothing, or nothing valid, is stored", () => {
    expect(storedZoom(null)).toBe(1);
    expect(storedZoom("")).toBe(1);
    expect(storedZoom("7")).toBe(1);
    expect(storedZoom("banana")).toBe(1);
    expect(storedZoom("1.5")).toBe(1.5);
  });
  it("walks the steps and stops at both ends", () => {
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1, -1)).toBe(0.8);
    expect(zoomStep(ZOOMS[0], -1)).toBe(ZOOMS[0]);
    expect(zoomStep(ZOOMS[ZOOMS.length - 1], 1)).toBe(ZOOMS[ZOOMS.length - 1]);
    expect(zoomStep(3, 1)).toBe(1.25); // not a step: from fit
  });
});
