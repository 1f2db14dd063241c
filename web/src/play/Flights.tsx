// Tiles that move: when the board shows new actions (one by one, as usePaced shows other
// seats' moves), each moved tile flies from where it was (the pile, the drawn tile, a truck,
// the tiles being placed, a barn, a depot, the offer) to where it lands, and a truck taken
// drives to its seat. Nothing moves under `prefers-reduced-motion`, after a reload, when
// many actions arrive at once, or at the end (the score sheet moves the board down).
//
// A class component for `getSnapshotBeforeUpdate`: the source is read from the page as it
// was before the new position was drawn (the tile is gone from the truck afterwards), the
// target from the page after it. The flying copy is an absolutely placed clone, animated by
// the Web Animations API, that removes itself when it lands.
import { Component, type ComponentChildren } from "preact";
import type { LogEntry } from "../api/types";

/** How long a tile flies (ms). */
export const FLIGHT_MS = 420;
/** More new actions than this at once (a reload, a jump): nothing flies. */
const MOST = 4;

interface Props {
  log: LogEntry[];
  /** The number of actions the board shows. */
  number: number;
  /** The game is over: the score sheet moves the board, nothing flies. */
  over: boolean;
  children: ComponentChildren;
}

interface Taken {
  /** The source's place on the page and a copy of it, taken before the update. */
  rect: DOMRect;
  copy: Element;
  route: Route;
}

const $ = (selector: string): Element | null => document.querySelector(selector);
const last = (selector: string): Element | null => {
  const all = document.querySelectorAll(selector);
  return all.length > 0 ? all[all.length - 1] : null;
};

/** The element a tile lands on at `word` (a space, an enclosure, a stall space, the depot,
 * the barn, a coworker place) of `seat`'s boards, preferring the tile itself. */
function landing(seat: number, word: string): Element | null {
  if (word.includes(",")) return $(`[data-zoo="water"][data-seat="${seat}"] .tile.moved`) ?? $(`rect[data-cell="${word}"][data-seat="${seat}"]`);
  if (word === "barn") return last(`[data-role="barn"][data-seat="${seat}"]`) ?? $(`[data-place="barn"][data-seat="${seat}"]`);
  const place = `[data-place="${word}"][data-seat="${seat}"]`;
  return last(`${place} .tile`) ?? $(place);
}

interface Route {
  /** The source, on the page before the update. */
  from: string;
  /** The landing place, on the page after it. */
  to: () => Element | null;
  /** The landing place stays in sight while the copy flies (it is not the tile itself). */
  keep?: boolean;
}

/** Where the tile of `action` (played by `seat`) comes from, before it moves; and where it
 * goes. Null for actions that move no tile (or none the board shows). */
function route(action: string, seat: number): Route | null {
  const w = action.split(" ");
  switch (w[0]) {
    case "draw":
      if (w.length >= 4) return { from: `[data-card="${w[1]}"] svg`, to: () => $(`[data-layout="${seat}"] [data-placed="${w[2]}"]`) };
      // The pile's top tile (a face-down tile, not the pile with its count).
      return { from: `[data-pile="${w[1] ?? "pile"}"] rect:last-of-type`, to: () => $('[data-role="drawn"]') };
    case "load":
      return { from: '[data-role="drawn"] svg', to: () => last(`[data-truck="${w[1]}"] .tile`) ?? $(`[data-truck="${w[1]}"]`) };
    case "take":
      return { from: `[data-truck="${w[1]}"] svg`, to: () => $(`[data-seat-panel="${seat}"] header`), keep: true };
    case "place":
      return { from: `[data-role="unloading"][data-tile="${w[1]}"] svg`, to: () => landing(seat, w[2]) };
    case "buy":
      // Aquaretto: the top of another seat's depot to a space; Zooloretto: a barn tile to a place.
      return w.length === 3
        ? { from: `[data-place="depot"][data-seat="${w[1]}"] .tile`, to: () => landing(seat, w[2]) }
        : { from: `[data-role="barn"][data-seat="${w[1]}"][data-tile="${w[2]}"] svg`, to: () => landing(seat, w[3]) };
    default:
      return null;
  }
}

/** A copy of `source` that can stand alone: a shape of an SVG drawing gets a drawing of its own. */
function copyOf(source: Element): Element {
  const copy = source.cloneNode(true) as Element;
  if (!(source instanceof SVGGraphicsElement) || source instanceof SVGSVGElement) return copy;
  const box = source.getBBox();
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  svg.appendChild(copy);
  return svg;
}

/** Whether the reader asked for less motion (`prefers-reduced-motion`). */
export function still(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Fly `copy` from `rect` to `target`; the target shows once the copy has landed. */
function fly(taken: Taken, target: Element): void {
  const { rect, copy } = taken;
  const end = target.getBoundingClientRect();
  if (end.width === 0 || rect.width === 0) return;
  const flyer = document.createElement("div");
  flyer.className = "flying";
  flyer.dataset.flying = "";
  flyer.setAttribute("aria-hidden", "true");
  Object.assign(flyer.style, {
    left: `${end.left + window.scrollX + (end.width - rect.width) / 2}px`,
    top: `${end.top + window.scrollY + (end.height - rect.height) / 2}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  flyer.appendChild(copy);
  document.body.appendChild(flyer);
  const dx = rect.left + rect.width / 2 - (end.left + end.width / 2);
  const dy = rect.top + rect.height / 2 - (end.top + end.height / 2);
  const scale = Math.min(end.width / rect.width, end.height / rect.height, 1.5);
  const flight = flyer.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: `scale(${scale > 0.3 ? scale : 1})` }], {
    duration: FLIGHT_MS,
    easing: "cubic-bezier(.2,.7,.3,1)",
  });
  if (!taken.route.keep) target.animate([{ opacity: 0 }, { opacity: 0, offset: 0.95 }, { opacity: 1 }], { duration: FLIGHT_MS });
  const land = () => flyer.remove();
  flight.onfinish = land;
  flight.oncancel = land;
}

export class Flights extends Component<Props> {
  getSnapshotBeforeUpdate(prev: Props): Taken[] {
    const added = this.props.number - prev.number;
    if (added <= 0 || added > MOST || this.props.over || still()) return [];
    const taken: Taken[] = [];
    for (const entry of this.props.log) {
      if (entry.number < prev.number || entry.number >= this.props.number || !entry.action) continue;
      const way = route(entry.action, entry.seat);
      const source = way ? $(way.from) : null;
      if (!way || !source) continue;
      taken.push({ rect: source.getBoundingClientRect(), copy: copyOf(source), route: way });
    }
    return taken;
  }

  componentDidUpdate(_prev: Props, _state: unknown, taken?: Taken[]): void {
    for (const t of taken ?? []) {
      const target = t.route.to();
      if (target) fly(t, target);
    }
  }

  render() {
    return <>{this.props.children}</>;
  }
}
