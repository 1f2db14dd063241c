// Tiles grouped for a barn or a depot, where what counts at the end is each species: the
// same tiles once with their count, species together in the order they first came.
import { kindOf } from "../components/tiles";

/** Identical tiles once each with how many there are, the tiles of one species side by side. */
export function groupTiles(tiles: string[]): { tile: string; count: number }[] {
  const kinds: string[] = [];
  const counts = new Map<string, number>();
  for (const tile of tiles) {
    const kind = kindOf(tile);
    if (!kinds.includes(kind)) kinds.push(kind);
    counts.set(tile, (counts.get(tile) ?? 0) + 1);
  }
  return kinds.flatMap((kind) => [...counts].filter(([tile]) => kindOf(tile) === kind).map(([tile, count]) => ({ tile, count })));
}

/** Each species (or stall kind, or coin) among `tiles` with its number of tiles. */
export function kindCounts(tiles: string[]): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const tile of tiles) counts.set(kindOf(tile), (counts.get(kindOf(tile)) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}
