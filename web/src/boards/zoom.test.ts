import { describe, expect, it } from "vitest";
import { MAX_RESCALES, RESCALE_WINDOW, ZOOMS, capFit, rescaleAt, storedZoom, zoomStep } from "./zoom";

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
  it("lets the scale change a few times a second, never for good", () => {
    let times: number[] = [];
    for (let i = 0; i < MAX_RESCALES; i++) {
      const next = rescaleAt(times, 100 + i);
      expect(next).not.toBeNull();
      times = next ?? [];
    }
    expect(rescaleAt(times, 100 + MAX_RESCALES)).toBeNull(); // a swing is stopped
    expect(rescaleAt(times, 100 + RESCALE_WINDOW)).toHaveLength(MAX_RESCALES); // the first left the window
    expect(rescaleAt(times, 200 + RESCALE_WINDOW + MAX_RESCALES)).toEqual([200 + RESCALE_WINDOW + MAX_RESCALES]);
  });
  it("keeps a fit under a scale that came out too big for the same room", () => {
    const room = { width: 360, height: 633 };
    expect(capFit(1.06, room, null)).toBe(1.06);
    expect(capFit(1.06, room, { room, scale: 1.06 })).toBe(1.05);
    expect(capFit(1.04, room, { room, scale: 1.06 })).toBe(1.04);
    // another room (the window turned or resized): measured afresh
    expect(capFit(1.06, { width: 400, height: 633 }, { room, scale: 1.06 })).toBe(1.06);
  });
});
