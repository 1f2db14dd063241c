// How many rounds a truck game will have, about: the rounds played so far, and the tiles
// left in the pile(s) before the reserve over what the trucks carry in a round.
import type { TruckView } from "../api/views.gen";

/**
 * About how many rounds the game has in all, from round `round`, the `pile` tiles left
 * before the reserve and the `trucks`: a round draws at most what every truck can carry
 * (its tiles and its free spaces), and this round's free spaces on trucks not yet taken
 * are filled first. An estimate: trucks are often taken before they are full, so the
 * game usually runs a little longer. Null when the trucks carry nothing (no estimate).
 */
export function aboutRounds(round: number, pile: number, trucks: TruckView[]): number | null {
  const perRound = trucks.reduce((n, truck) => n + truck.tiles.length + truck.free, 0);
  if (perRound <= 0) return null;
  const thisRound = trucks.filter((truck) => truck.taken_by === null).reduce((n, truck) => n + truck.free, 0);
  return round + Math.ceil(Math.max(0, pile - thisRound) / perRound);
}
