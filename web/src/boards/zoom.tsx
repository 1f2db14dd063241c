// The board's size: your own board fills its column (as wide as the column, no taller than
// most of the screen), scaled by the zoom the player chose with − / + (remembered in this
// browser); "fit" goes back to the column's width. Other seats' boards stay small.
import type { RefObject } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";

/** Where the chosen zoom is remembered (a factor of the fitted size; 1 is "fit"). */
export const ZOOM_KEY = "zoogames:zoom";

/** The zoom steps − and + walk through: 1 fills the column. */
export const ZOOMS = [0.5, 0.65, 0.8, 1, 1.25, 1.5, 2];

/** The zoom stored in this browser; 1 (fit) when none, or when what is stored is no step. */
export function storedZoom(stored: string | null): number {
  const z = Number(stored);
  return stored !== null && ZOOMS.includes(z) ? z : 1;
}

/** The next step from `zoom` towards larger (`+1`) or smaller (`-1`), kept within the steps. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  const i = ZOOMS.indexOf(zoom);
  const at = i < 0 ? ZOOMS.indexOf(1) : i;
  return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, at + direction))];
}

/** The zoom chosen in this browser and a way to change it (stored at once). */
export function useZoom(): [number, (z: number) => void] {
  const [zoom, setZoom] = useState(() => storedZoom(localStorage.getItem(ZOOM_KEY)));
  const choose = (z: number) => {
    localStorage.setItem(ZOOM_KEY, String(z));
    setZoom(z);
  };
  return [zoom, choose];
}

/** The board's style: the zoom as the CSS variable the stylesheet scales own boards by. */
export function zoomStyle(zoom: number): Record<string, string> {
  return { "--zoom": String(zoom) };
}

/** − / + / fit, above the seats' boards. */
export function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom: (z: number) => void }) {
  return (
    <div class="zoom-control" role="group" aria-label={t("zoom.label")}>
      <button
        type="button"
        data-zoom="out"
        aria-label={t("zoom.out")}
        title={t("zoom.out")}
        disabled={zoom === ZOOMS[0]}
        onClick={() => onZoom(zoomStep(zoom, -1))}
      >
        −
      </button>
      <span class="zoom-value" data-zoom-value={zoom}>
        {Math.round(zoom * 100)} %
      </span>
      <button
        type="button"
        data-zoom="in"
        aria-label={t("zoom.in")}
        title={t("zoom.in")}
        disabled={zoom === ZOOMS[ZOOMS.length - 1]}
        onClick={() => onZoom(zoomStep(zoom, 1))}
      >
        +
      </button>
      <button type="button" data-zoom="fit" title={t("zoom.fit-help")} aria-pressed={zoom === 1} onClick={() => onZoom(1)}>
        {t("zoom.fit")}
      </button>
    </div>
  );
}

/** The most times a board's scale may change within `RESCALE_WINDOW` ms. */
export const MAX_RESCALES = 4;
/** The window, in ms, that `MAX_RESCALES` counts over. */
export const RESCALE_WINDOW = 1000;

/** The times of the scale's changes once one more at `now` is let through, or null when
 * `MAX_RESCALES` happened in the last `RESCALE_WINDOW` ms already. A layout whose width
 * depends on the board's scale could swing between two scales: each change re-renders,
 * each render measures, and the page would do nothing else. A fit needs one or two. */
export function rescaleAt(times: number[], now: number): number[] | null {
  const recent = times.filter((t) => now - t < RESCALE_WINDOW);
  return recent.length >= MAX_RESCALES ? null : [...recent, now];
}

/** The room a board is fitted into: its column's width and the most height it may take. */
export interface Room {
  width: number;
  height: number;
}

function sameRoom(a: Room, b: Room): boolean {
  return a.width === b.width && a.height === b.height;
}

/** A scale at which a board came out larger than its room. */
export interface TooBig {
  room: Room;
  scale: number;
}

/** `next` kept under a scale found too big for the same room. A board's own size can grow
 * with its scale, where its text wraps differently: a Czech zoo board on a phone measured
 * as fitting 1.06 at 1.05, came out wider than its column at 1.06 and measured as fitting
 * 1.04 there, then 1.05 again, and went round for good. */
export function capFit(next: number, room: Room, tooBig: TooBig | null): number {
  if (!tooBig || !sameRoom(tooBig.room, room)) return next;
  return Math.min(next, Math.round(100 * tooBig.scale - 1) / 100);
}

/** How much a board drawn in HTML (Zooloretto's zoo board) must be scaled to fill its
 * column: the column's width over the board's own, no taller than 75 % of the screen. The
 * element gets `zoom: calc(var(--zoom) * var(--fit))`; `large` false leaves it at 1. */
export function useFit(large: boolean): [RefObject<HTMLDivElement>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const settled = useRef(false);
  const rescaled = useRef<number[]>([]);
  const tooBig = useRef<TooBig | null>(null);
  const [fit, setFit] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    const column = el?.parentElement;
    if (!large || !el || !column) return;
    let live = true;
    let retry = 0;
    let retryExact = false;
    const measure = (exact = false) => {
      // The drawn size over the zoom it is drawn at: the board's own size.
      const applied = Number.parseFloat(getComputedStyle(el).zoom) || 1;
      const box = el.getBoundingClientRect();
      if (box.width === 0) return; // hidden (another seat's tab on a phone)
      const width = box.width / applied;
      const height = box.height / applied;
      const room = { width: column.clientWidth, height: 0.75 * window.innerHeight };
      // A small change is let go (a scrollbar coming and going would make it oscillate),
      // but once the bundled font is in, the board's final size sets the fit exactly: the
      // same layout then always gets the same scale.
      setFit((old) => {
        const last = tooBig.current;
        // (only in the bundled font: in the one before it, the board has another size)
        const over = width * old > room.width + 0.5 || height * old > room.height + 0.5;
        // the smallest scale found too big for this room is the one kept
        if (settled.current && over && (last === null || !sameRoom(last.room, room) || old < last.scale)) {
          tooBig.current = { room, scale: old };
        }
        // (in hundredths: a layout measured a hair apart still gets the same scale)
        const wanted = Math.floor(100 * Math.min(room.width / width, room.height / height, 3)) / 100;
        const next = Math.max(0.5, capFit(wanted, room, tooBig.current));
        if (exact ? old === next : Math.abs(old - next) <= 0.01) return old;
        const times = rescaleAt(rescaled.current, performance.now());
        if (times === null) {
          // held back: measured again once the second is over, so that a window resized
          // fast still ends at its final size, and exactly if an exact fit was held back
          // (else a loaded page could keep a scale a hundredth off the settled one)
          retryExact ||= exact;
          retry ||= window.setTimeout(() => {
            retry = 0;
            const again = retryExact;
            retryExact = false;
            if (live) measure(again);
          }, RESCALE_WINDOW);
          return old;
        }
        rescaled.current = times;
        return next;
      });
    };
    measure();
    if (!settled.current) {
      // once per board: the effect runs at every render, and an exact fit each time could
      // swing between two scales for good
      void document.fonts?.ready.then(() => {
        if (!live || settled.current) return;
        settled.current = true;
        measure(true);
      });
    }
    const observer = new ResizeObserver(() => measure());
    observer.observe(column);
    return () => {
      live = false;
      window.clearTimeout(retry);
      observer.disconnect();
    };
  });
  return [ref, large ? fit : 1];
}
