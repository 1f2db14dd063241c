// A pile of face-down tiles (the draw pile, the reserve) drawn as a stack, higher the more
// tiles it holds, with its count on top. No tile's face: the order is hidden (docs/api.md).
import { plural } from "../text/words";
import { t } from "../i18n";
import { gameName } from "../text/words";

/** The colour of a game's tile backs: water for Aquaretto, grass for Zooloretto. */
const BACKS: Record<string, { fill: string; edge: string }> = {
  aquaretto: { fill: "#2f6f9f", edge: "#1b4566" },
  zooloretto: { fill: "#5f8a3a", edge: "#3c5a22" },
};

const SIZE = 30;
const LAYERS = 6;

export function Pile({ name, label, count, back }: { name: string; label: string; count: number; back: string }) {
  // The combined game's piles are named by their game ("aquaretto" → "aquaretto pile").
  const game = name.replace(/-reserve$/, "");
  const spoken = game === "pile" || game === "reserve" ? label : t("pile.of-game", { game: gameName(game), what: label });
  const colours = BACKS[back] ?? BACKS.aquaretto;
  // One layer for every few tiles, at most six: a pile of 50 stands higher than one of 5.
  const layers = count === 0 ? 0 : Math.min(LAYERS, Math.ceil(count / 10));
  const height = SIZE + LAYERS * 3 + 2;
  const words = t("pile.words", { what: spoken, count: plural(count, "tiles") });
  return (
    <span class="pile" data-pile={name} data-count={count} role="img" aria-label={words} title={words}>
      <svg width={SIZE + 4} height={height} viewBox={`0 0 ${SIZE + 4} ${height}`} aria-hidden="true">
        {count === 0 ? (
          <rect x={2} y={height - SIZE - 2} width={SIZE} height={SIZE} rx={4} class="slot-free" />
        ) : (
          Array.from({ length: layers }, (_, i) => (
            <rect key={i} x={2} y={height - SIZE - 2 - i * 3} width={SIZE} height={SIZE} rx={4} fill={colours.fill} stroke={colours.edge} stroke-width={1.5} />
          ))
        )}
        {count > 0 && (
          <text x={2 + SIZE / 2} y={height - SIZE / 2 - 2 - (layers - 1) * 3} class="pile-count">
            {count}
          </text>
        )}
      </svg>
      <span class="pile-label">{label}</span>
    </span>
  );
}
