// A square of a grid (a water zoo's space, an aquarium's position or section) as the
// notation writes it: "x,y".
export const cellKey = (x: number, y: number): string => `${x},${y}`;

export function parseCell(text: string): [number, number] {
  const [x, y] = text.split(",").map(Number);
  return [x, y];
}
