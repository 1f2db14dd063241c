// Small line icons drawn in SVG, so that no button depends on a font having a glyph
// (⏮, ⏭, ⏱ and ↶ render as empty boxes where the system font lacks them).
export type IconName = "first" | "prev" | "next" | "last" | "undo" | "turn" | "sound" | "mute" | "clock";

const PATHS: Record<IconName, string> = {
  first: "M5 4v16M19 4 9 12l10 8z",
  prev: "M17 4 7 12l10 8z",
  next: "M7 4l10 8-10 8z",
  last: "M19 4v16M5 4l10 8-10 8z",
  undo: "M9 7 4 12l5 5M4 12h11a5 5 0 0 1 0 10h-3",
  turn: "M20 12a8 8 0 1 1-3-6.2M20 4v5h-5",
  sound: "M4 9h4l5-4v14l-5-4H4zM16 8a5 5 0 0 1 0 8M18.5 5.5a9 9 0 0 1 0 13",
  mute: "M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6",
  clock: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
};

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" class="icon">
      <path d={PATHS[name]} fill="none" stroke="currentColor" stroke-width={2} stroke-linejoin="round" stroke-linecap="round" />
    </svg>
  );
}
