// The expansion placements the legal list allows, read from `expand small|large x,y …`.
import type { Choices } from "../../play/choices";

export interface ExpansionOption {
  action: string;
  cells: string[];
}

/** The spaces an expansion action lays (`expand small|large x,y …`). */
export function expansionCells(action: string): string[] {
  return action.split(" ").slice(2);
}

/** The legal placements of an expansion of the chosen size, if one is being placed. */
export function expansionOptions(choices: Choices): ExpansionOption[] | null {
  const [first, size] = choices.prefix;
  if (first !== "expand" || (size !== "small" && size !== "large") || choices.prefix.length !== 2) return null;
  return choices.actions().map((action) => ({ action, cells: expansionCells(action) }));
}

/** The placements that cover `anchor`, in the order one click turns through them. */
export function optionsAt(options: ExpansionOption[], anchor: string | null): ExpansionOption[] {
  return anchor === null ? [] : options.filter((o) => o.cells.includes(anchor));
}
