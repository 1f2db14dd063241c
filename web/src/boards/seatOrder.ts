// The seat that plays first (drawn large), then the others in table order after it.
export function seatOrder(players: number, me: number | null): number[] {
  const first = me ?? 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}
