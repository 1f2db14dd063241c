// The species in play, each with its tile (kept for the tests and for a first game: every
// tile also names itself as a tooltip and to screen readers).
import { TileGlyph } from "./TileGlyph";
import { kindWords } from "./tiles";

export function Legend({ species }: { species: string[] }) {
  return (
    <div class="legend" data-legend={species.join(" ")} aria-hidden="true">
      {species.map((s) => (
        <span key={s} class="legend-item">
          <svg width={22} height={22} viewBox="0 0 22 22">
            <TileGlyph tile={s} x={0} y={0} size={22} />
          </svg>
          {kindWords(s)}
        </span>
      ))}
    </div>
  );
}
