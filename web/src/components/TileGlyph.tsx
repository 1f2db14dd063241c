// One tile drawn in SVG: its kind's colour and short label, its mark in the top-right corner.
import { kindOf, kindStyle, markOf, textColour, tileWords } from "./tiles";

interface Props {
  tile: string;
  x: number;
  y: number;
  size: number;
}

function Mark({ mark, x, y, r }: { mark: string; x: number; y: number; r: number }) {
  if (mark === "fish") {
    return (
      <path
        d={`M${x - r} ${y} q${r} ${-r} ${1.6 * r} 0 l${0.6 * r} ${-0.5 * r} v${r} l${-0.6 * r} ${-0.5 * r} q${-0.6 * r} ${r} ${-1.6 * r} 0z`}
        fill="#ff9f1c"
        stroke="#1b1b1b"
        stroke-width={r / 6}
      />
    );
  }
  if (mark === "bolt") {
    return (
      <polygon
        points={`${x + 0.2 * r},${y - r} ${x - 0.6 * r},${y + 0.15 * r} ${x},${y + 0.15 * r} ${x - 0.2 * r},${y + r} ${x + 0.6 * r},${y - 0.15 * r} ${x},${y - 0.15 * r}`}
        fill="#ffe14d"
        stroke="#1b1b1b"
        stroke-width={r / 6}
      />
    );
  }
  const look: Record<string, [string, string]> = {
    m: ["#1e6fd9", "♂"],
    f: ["#d63f8c", "♀"],
    young: ["#5bb450", "y"],
    "m-bred": ["#7aa3d9", "♂"],
    "f-bred": ["#d98ab3", "♀"],
  };
  const [fill, text] = look[mark] ?? ["#777", "?"];
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={fill} stroke="#fff" stroke-width={r / 5} />
      <text x={x} y={y} font-size={r * 1.4} fill="#fff" text-anchor="middle" dominant-baseline="central">
        {text}
      </text>
    </g>
  );
}

export function TileGlyph({ tile, x, y, size }: Props) {
  const style = kindStyle(kindOf(tile));
  const mark = markOf(tile);
  const pad = size * 0.06;
  return (
    <g class="tile">
      <title>{tileWords(tile)}</title>
      <rect
        x={x + pad}
        y={y + pad}
        width={size - 2 * pad}
        height={size - 2 * pad}
        rx={size * 0.15}
        fill={style.colour}
        stroke="#1b1b1b"
        stroke-width={size * 0.03}
      />
      <text
        x={x + size / 2}
        y={y + size * 0.56}
        font-size={size * 0.38}
        font-weight="bold"
        fill={textColour(style.colour)}
        text-anchor="middle"
        dominant-baseline="middle"
      >
        {style.short}
      </text>
      {mark && <Mark mark={mark} x={x + size * 0.76} y={y + size * 0.24} r={size * 0.16} />}
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
}: {
  tile: string;
  size?: number;
  role: string;
  seat?: number;
  enabled?: boolean;
  selected?: boolean;
  onClick?: () => void;
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
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        <TileGlyph tile={tile} x={0} y={0} size={size} />
      </svg>
    </button>
  );
}
