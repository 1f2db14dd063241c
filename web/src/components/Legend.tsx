// The species in play, each with its tile: the key to the boards' short labels.
import { TileGlyph } from "./TileGlyph";
import { kindStyle } from "./tiles";

export function Legend({ species }: { species: string[] }) {
  return (
    <div class="legend" data-legend={species.join(" ")}>
      {species.map((s) => (
        <span key={s} class="legend-item">
          <svg width={20} height={20} viewBox="0 0 20 20">
            <TileGlyph tile={s} x={0} y={0} size={20} />
          </svg>
          {kindStyle(s).word}
        </span>
      ))}
    </div>
  );
}
