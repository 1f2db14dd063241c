// A card's four sections in SVG at (x, y), each `size` wide: its colour, and where it shows
// an animal, the animal's picture on a white disc. `corner` lists sections whose animal is
// drawn smaller in the bottom-right corner, leaving the top-left free for an area's points.
import type { SectionView } from "../../api/types";
import { Picture } from "../../components/TileGlyph";
import { label } from "../../text/words";
import { ANIMALS, COLOURS } from "./sections";

interface Props {
  sections: SectionView[];
  x: number;
  y: number;
  size: number;
  corner?: Set<number>;
  entrance?: boolean;
}

export function CardSections({ sections, x, y, size, corner, entrance = false }: Props) {
  return (
    <g class="card">
      {sections.map((s, i) => {
        const sx = x + (i % 2) * size;
        const sy = y + Math.floor(i / 2) * size;
        const small = corner?.has(i) ?? false;
        const r = size * (small ? 0.22 : 0.36);
        const cx = sx + size * (small ? 0.74 : 0.5);
        const cy = sy + size * (small ? 0.74 : 0.5);
        return (
          <g key={i}>
            <rect x={sx} y={sy} width={size} height={size} fill={COLOURS[s.colour] ?? "#ccc"} />
            {s.animal && (
              <g data-animal={s.colour}>
                <title>{label(s.colour)}</title>
                <circle cx={cx} cy={cy} r={r} fill="#fff" stroke="#1b1b1b" stroke-width={size * 0.03} />
                <Picture kind={ANIMALS[s.colour] ?? s.colour} x={cx - r * 0.85} y={cy - r * 0.85} size={r * 1.7} />
              </g>
            )}
          </g>
        );
      })}
      <rect x={x} y={y} width={2 * size} height={2 * size} fill="none" stroke="#1b1b1b" stroke-width={size * 0.05} />
      {entrance && (
        <g class="entrance-mark" data-entrance>
          <title>entrance card</title>
          <rect x={x + size * 0.62} y={y - size * 0.02} width={size * 0.76} height={size * 0.36} rx={size * 0.08} fill="#1b1b1b" />
          <text x={x + size} y={y + size * 0.17} font-size={size * 0.26} fill="#fff" text-anchor="middle" dominant-baseline="central" font-weight="bold">
            IN
          </text>
        </g>
      )}
    </g>
  );
}
