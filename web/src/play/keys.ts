// Keyboard use of things drawn in SVG (spaces of a water zoo, positions of an aquarium):
// SVG shapes are not buttons, so a choice among them gets a button's role, a place in the
// Tab order, an accessible name, and Enter/Space as a click.

type Activate = () => void;

/** What a shape needs to act as a button (no `ref`, so any SVG element takes it). */
export interface ButtonAttributes {
  role: "button" | "img";
  tabindex?: number;
  "aria-label": string;
  onClick?: () => void;
  onKeyDown?: (e: KeyboardEvent) => void;
}

export function onActivateKey(activate: Activate) {
  return (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activate();
    }
  };
}

/** The attributes that make an SVG shape a button while `activate` is given. */
export function svgButton(label: string, activate: Activate | null): ButtonAttributes {
  if (!activate) return { "aria-label": label, role: "img" };
  return {
    role: "button",
    tabindex: 0,
    "aria-label": label,
    onClick: activate,
    onKeyDown: onActivateKey(activate),
  };
}
