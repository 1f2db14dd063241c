// Keyboard shortcuts of the game page: D draws, A–E take (or load) that truck, U undoes,
// H asks for a hint, ? opens the rules summary, whose dialog lists them. A shortcut plays
// only an action the legal list holds, and never while the player types in a field.
import { useEffect } from "preact/hooks";
import { t } from "../i18n";

/** The shortcuts as the "?" dialog lists them: the keys and what they do. */
export function shortcutList(): { keys: string; what: string }[] {
  return [
    { keys: "D", what: t("keys.draw") },
    { keys: "A – E", what: t("keys.truck") },
    { keys: "U", what: t("keys.undo") },
    { keys: "H", what: t("keys.hint") },
    { keys: "?", what: t("keys.rules") },
    { keys: "Tab", what: t("keys.tab") },
  ];
}

/**
 * The action key `key` plays now, or null. D draws where drawing is legal ("draw", or the
 * first pile's "draw aquaretto"); a letter A–E takes that truck, else loads the drawn tile
 * onto it (so D is truck D where nothing can be drawn). Aquarium Designer's "draw" needs a
 * card, a place and a turn: no single key plays it.
 */
export function shortcutAction(key: string, legal: string[]): string | null {
  const k = key.toLowerCase();
  if (k === "d") {
    const draw = legal.find((a) => a === "draw") ?? legal.find((a) => /^draw [a-z]+$/.test(a));
    if (draw) return draw;
  }
  if (/^[a-e]$/.test(k)) {
    const truck = k.toUpperCase();
    return legal.find((a) => a === `take ${truck}`) ?? legal.find((a) => a === `load ${truck}`) ?? null;
  }
  return null;
}

/** Whether a key press belongs to a field, a list or a modifier chord, not to the page. */
function typing(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  const tag = target?.tagName ?? "";
  return e.ctrlKey || e.metaKey || e.altKey || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || !!target?.isContentEditable;
}

/** Press a button of the page by its `data-action`, if it is there and enabled. */
function press(action: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

/** Listen for the shortcuts while the page shows a game; `send` plays a legal action. */
export function useShortcuts(legal: string[], send: (action: string) => void): void {
  const key = legal.join("|");
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e) || document.querySelector("dialog[open]")) return;
      const k = e.key.toLowerCase();
      let done = false;
      if (e.key === "?") done = press("rules");
      else if (k === "u") done = press("undo");
      else if (k === "h") done = press("hint");
      else {
        const action = shortcutAction(e.key, legal);
        if (action) {
          send(action);
          done = true;
        }
      }
      if (done) e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [key, send]);
}
