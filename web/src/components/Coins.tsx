// Coins as coins: the coin picture and how many, named in words for screen readers.
import { plural } from "../text/words";
import { Picture } from "./TileGlyph";

export function Coins({ n, what = "" }: { n: number; what?: string }) {
  const words = `${what}${plural(n, "coins")}`;
  return (
    <span class="coins" data-coins={n} title={words} role="img" aria-label={words}>
      <svg width={18} height={18} viewBox="0 0 18 18" aria-hidden="true">
        <Picture kind="coin" x={0} y={0} size={18} />
      </svg>
      <span aria-hidden="true">{n}</span>
    </span>
  );
}
