// A card's four sections in SVG at (x, y), each `size` wide: its colour, and where it shows
// an animal, the animal's picture on a white disc. `corner` lists sections whose animal is
// drawn smaller in the bottom-right corner, leaving the top-left free for an area's points.
import type { SectionView } from "../../api/types";
import { Picture } from "../../components/TileGlyph";
import { t } from "../../i18n";
import { speciesName } from "../../text/words";
import { ANIMALS, COLOURS } from "./sections";

/** A door in a 24×24 box: its frame, the floor line and the handle. */
const DOOR = "M6 21V4h12v17M3 21h18M14.5 12.5h.01";

interface Props {
  sections: SectionView[];
  x: number;
  y: number;
  size: number;
  corner?: Set<number>;
}

export function CardSections({ sections, x, y, size, corner }: Props) {
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
                <title>{speciesName(s.colour)}</title>
                <circle cx={cx} cy={cy} r={r} fill="#fff" stroke="#1b1b1b" stroke-width={size * 0.03} />
                <Picture kind={ANIMALS[s.colour] ?? s.colour} x={cx - r * 0.85} y={cy - r * 0.85} size={r * 1.7} />
              </g>
            )}
          </g>
        );
      })}
      <rect x={x} y={y} width={2 * size} height={2 * size} fill="none" stroke="#1b1b1b" stroke-width={size * 0.05} />
    </g>
  );
}

/**
 * The entrance card's mark: a door on a dark disc at the card's centre (x, y), where its
 * four sections meet, drawn over the area outlines so that no line crosses it.
 */
export function EntranceMark({ x, y, size }: { x: number; y: number; size: number }) {
  const r = size * 0.34;
  const door = r * 1.2;
  return (
    <g class="entrance-mark" data-entrance>
      <title>{t("designer.entrance")}</title>
      <circle cx={x} cy={y} r={r} fill="#1b1b1b" stroke="#fff" stroke-width={size * 0.04} />
      <path
        d={DOOR}
        transform={`translate(${x - door / 2} ${y - door / 2}) scale(${door / 24})`}
        fill="none"
        stroke="#fff"
        stroke-width={2.4}
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </g>
  );
}
