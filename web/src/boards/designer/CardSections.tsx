// A card's four sections in SVG at (x, y), each `size` wide: its colour, and a white disc
// with the colour's initial where it shows an animal.
import type { Section } from "../../api/types";
import { COLOURS } from "./sections";

export function CardSections({ sections, x, y, size }: { sections: Section[]; x: number; y: number; size: number }) {
  return (
    <g class="card">
      {sections.map((s, i) => {
        const sx = x + (i % 2) * size;
        const sy = y + Math.floor(i / 2) * size;
        return (
          <g key={i}>
            <rect x={sx} y={sy} width={size} height={size} fill={COLOURS[s.colour] ?? "#ccc"} />
            {s.animal && (
              <g>
                <circle cx={sx + size / 2} cy={sy + size / 2} r={size * 0.28} fill="#fff" stroke="#1b1b1b" stroke-width={size * 0.04} />
                <text
                  x={sx + size / 2}
                  y={sy + size / 2}
                  font-size={size * 0.32}
                  font-weight="bold"
                  text-anchor="middle"
                  dominant-baseline="central"
                  fill="#1b1b1b"
                >
                  {s.colour[0].toUpperCase()}
                </text>
              </g>
            )}
          </g>
        );
      })}
      <rect x={x} y={y} width={2 * size} height={2 * size} fill="none" stroke="#1b1b1b" stroke-width={size * 0.06} />
    </g>
  );
}
