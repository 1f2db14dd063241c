// "took truck B": the truck a seat took this round.
export function Took({ truck }: { truck: string | null }) {
  return truck ? <span class="took">took truck {truck}</span> : null;
}
