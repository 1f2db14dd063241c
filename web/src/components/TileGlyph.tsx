// One tile drawn in SVG: its kind's picture on the kind's colour (round for an offspring or
// a coin, as the cardboard ones are), its mark as a badge in the top-right corner. If the
// picture cannot be loaded, the kind's short name is written instead.
import { useState } from "preact/hooks";
import { kindOf, kindStyle, markOf, tileWords, tint } from "./tiles";

/** A tile is its species' colour as a ring round a pale ground, where the picture reads well
 * whatever the colour (a black ring's tile is not black). */
const FILL = 0.8;
const RING = 0.1;

interface Props {
  tile: string;
  x: number;
  y: number;
  size: number;
  /** Extra classes (e.g. "moved" for the last action's tile). */
  class?: string;
}

/** ♂ and ♀ drawn as paths (a font may lack the glyphs): a ring with an arrow or a cross. */
function Sex({ male, x, y, r }: { male: boolean; x: number; y: number; r: number }) {
  const ring = r * 0.42;
  if (male) {
    const cx = x - r * 0.15;
    const cy = y + r * 0.15;
    const d = ring * 0.72;
    return (
      <g fill="none" stroke="#fff" stroke-width={r * 0.22} stroke-linecap="round">
        <circle cx={cx} cy={cy} r={ring} />
        <path d={`M${cx + d} ${cy - d}L${x + r * 0.6} ${y - r * 0.6}M${x + r * 0.6 - r * 0.38} ${y - r * 0.6}H${x + r * 0.6}V${y - r * 0.6 + r * 0.38}`} />
      </g>
    );
  }
  const cy = y - r * 0.2;
  return (
    <g fill="none" stroke="#fff" stroke-width={r * 0.22} stroke-linecap="round">
      <circle cx={x} cy={cy} r={ring} />
      <path d={`M${x} ${cy + ring}V${y + r * 0.75}M${x - r * 0.3} ${y + r * 0.5}H${x + r * 0.3}`} />
    </g>
  );
}

function Badge({ mark, x, y, r }: { mark: string; x: number; y: number; r: number }) {
  if (mark === "fish") {
    return (
      <g class="badge" data-badge="fish">
        <circle cx={x} cy={y} r={r} fill="#ffffff" stroke="#1b1b1b" stroke-width={r / 6} />
        <path
          d={`M${x - 0.75 * r} ${y} q${0.7 * r} ${-0.75 * r} ${1.2 * r} 0 l${0.35 * r} ${-0.35 * r} v${0.7 * r} l${-0.35 * r} ${-0.35 * r} q${-0.5 * r} ${0.75 * r} ${-1.2 * r} 0z`}
          fill="#0072B2"
        />
      </g>
    );
  }
  if (mark === "bolt") {
    return (
      <g class="badge" data-badge="bolt">
        <circle cx={x} cy={y} r={r} fill="#1b1b1b" />
        <polygon
          points={`${x + 0.15 * r},${y - 0.8 * r} ${x - 0.5 * r},${y + 0.1 * r} ${x - 0.02 * r},${y + 0.1 * r} ${x - 0.2 * r},${y + 0.8 * r} ${x + 0.5 * r},${y - 0.1 * r} ${x + 0.02 * r},${y - 0.1 * r}`}
          fill="#F0E442"
        />
      </g>
    );
  }
  if (mark === "young") {
    // An offspring: a small heart, the young one's sign on the board.
    return (
      <g class="badge" data-badge="offspring">
        <circle cx={x} cy={y} r={r} fill="#ffffff" stroke="#1b1b1b" stroke-width={r / 6} />
        <path
          d={`M${x} ${y + 0.55 * r} C${x - 0.9 * r} ${y - 0.05 * r} ${x - 0.45 * r} ${y - 0.75 * r} ${x} ${y - 0.25 * r} C${x + 0.45 * r} ${y - 0.75 * r} ${x + 0.9 * r} ${y - 0.05 * r} ${x} ${y + 0.55 * r}z`}
          fill="#D55E00"
        />
      </g>
    );
  }
  const male = mark === "m" || mark === "m-bred";
  const bred = mark.endsWith("-bred");
  // Blue and vermillion stay apart for every colour vision; a bred animal's badge is hollow.
  const fill = male ? "#0072B2" : "#D55E00";
  return (
    <g class="badge" data-badge={mark}>
      <circle cx={x} cy={y} r={r} fill={bred ? "#6E6E6E" : fill} stroke="#fff" stroke-width={r / 6} />
      <Sex male={male} x={x} y={y} r={r} />
    </g>
  );
}

/** A kind's picture, or its short name if the picture cannot be loaded. */
export function Picture({ kind, x, y, size }: { kind: string; x: number; y: number; size: number }) {
  const style = kindStyle(kind);
  const [failed, setFailed] = useState(false);
  if (failed || !style.picture) {
    return (
      <text
        x={x + size / 2}
        y={y + size / 2}
        font-size={size * 0.36}
        font-weight="bold"
        text-anchor="middle"
        dominant-baseline="central"
        fill="#1b1b1b"
        class="picture-text"
        data-picture-text={kind}
      >
        {style.short}
      </text>
    );
  }
  return <image href={style.picture} x={x} y={y} width={size} height={size} class="picture" onError={() => setFailed(true)} />;
}

export function TileGlyph({ tile, x, y, size, class: extra }: Props) {
  const kind = kindOf(tile);
  const style = kindStyle(kind);
  const mark = markOf(tile);
  const pad = size * (RING / 2 + 0.02);
  const round = mark === "young" || kind.endsWith("coin");
  const inner = size - 2 * pad;
  return (
    <g class={extra ? `tile ${extra}` : "tile"} data-kind={kind}>
      <title>{tileWords(tile)}</title>
      {round ? (
        <circle cx={x + size / 2} cy={y + size / 2} r={inner / 2} fill={tint(style.colour, FILL)} stroke={style.colour} stroke-width={size * RING} />
      ) : (
        <rect
          x={x + pad}
          y={y + pad}
          width={inner}
          height={inner}
          rx={size * 0.14}
          fill={tint(style.colour, FILL)}
          stroke={style.colour}
          stroke-width={size * RING}
        />
      )}
      <Picture kind={kind} x={x + size * 0.14} y={y + size * 0.16} size={size * 0.72} />
      {mark && <Badge mark={mark} x={x + size * 0.8} y={y + size * 0.2} r={size * 0.17} />}
    </g>
  );
}

/** A tile as a button (trucks, barns, depots, tiles to place). */
export function TileButton({
  tile,
  size = 40,
  role,
  seat,
  enabled = false,
  selected = false,
  onClick,
  extra,
}: {
  tile: string;
  size?: number;
  role: string;
  seat?: number;
  enabled?: boolean;
  selected?: boolean;
  onClick?: () => void;
  extra?: string;
}) {
  return (
    <button
      type="button"
      class={["tile-button", enabled ? "choice" : "", selected ? "selected" : ""].filter(Boolean).join(" ")}
      data-tile={tile}
      data-role={role}
      data-seat={seat}
      disabled={!enabled}
      onClick={onClick}
      aria-label={tileWords(tile)}
      title={tileWords(tile)}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <TileGlyph tile={tile} x={0} y={0} size={size} class={extra} />
      </svg>
    </button>
  );
}
