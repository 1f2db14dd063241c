// "Hint" on the player's own turn, where the table allows hints (docs/api.md, Hints): the
// bots' suggested turn in words, its first step marked on the board (as a hovered log
// entry is), and what the search expects of it. Asked for, never shown unasked.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api/http";
import type { Hint, Snapshot } from "../api/types";
import { useT } from "../i18n/hooks";
import { renderMessage } from "../i18n/message";

/** The alternatives shown at most. */
const OTHERS = 3;

interface Props {
  id: string;
  snapshot: Snapshot;
  token: string | null;
  names: string[];
  /** Mark the suggested action on the board (null: nothing). */
  onShow: (action: string | null) => void;
}

export function HintBox({ id, snapshot, token, names, onShow }: Props) {
  const { t } = useT();
  const [hint, setHint] = useState<Hint | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState("");
  const number = snapshot.number;
  useEffect(() => {
    // A new position: the old hint no longer applies.
    setHint(null);
    setError("");
    onShow(null);
  }, [number]);
  const you = snapshot.you;
  const mine = snapshot.status === "playing" && you !== null && snapshot.view.to_move === you;
  if (!snapshot.hints || !token || !mine) return null;

  const ask = () => {
    setAsking(true);
    setError("");
    api.hint(id, token).then(
      (found) => {
        setAsking(false);
        if (found.number !== number) return; // the game moved on meanwhile
        setHint(found);
        onShow(found.actions[0] ?? null);
      },
      (e: unknown) => {
        setAsking(false);
        setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      },
    );
  };
  const steps = hint?.steps ?? [];
  // What the search weighed against its choice, in words (those the server could describe).
  // Placements of one expansion read alike: each sentence once (its most visited action).
  const said = new Set<string>(steps.slice(0, 1).map((x) => renderMessage(x.message, names)));
  const others = [];
  for (const a of hint?.alternatives ?? []) {
    const text = a.message && a.action !== hint?.actions[0] ? renderMessage(a.message, names) : "";
    if (!text || said.has(text) || others.length >= OTHERS) continue;
    said.add(text);
    others.push({ ...a, text });
  }
  return (
    <section class="hint-box" aria-live="polite" data-hint={hint ? hint.actions.join(" | ") : ""}>
      {!hint && (
        <button type="button" data-action="hint" disabled={asking} onClick={ask}>
          {asking ? t("hint.thinking") : t("hint.ask")}
        </button>
      )}
      {hint && (
        <div>
          <p class="hint-title">{t("hint.suggests")}</p>
          <ol class="hint-steps">
            {steps.map((s) => (
              <li key={s.action} data-hint-step={s.action}>
                {`${names[hint.seat] ?? ""} ${renderMessage(s.message, names)}`}
              </li>
            ))}
            {steps.length < hint.actions.length && <li class="hint-more">{t("hint.then-more")}</li>}
          </ol>
          {typeof hint.value === "number" && snapshot.seats.length > 1 && (
            <p class="hint-estimate" data-hint-value={hint.value}>
              {t("hint.win-chance", { percent: Math.round(hint.value * 100) })}
            </p>
          )}
          {others.length > 0 && (
            <div class="hint-others">
              <p class="hint-estimate">{t("hint.others")}</p>
              <ul>
                {others.map((a) => (
                  <li key={a.action} data-hint-other={a.action}>
                    {`${names[hint.seat] ?? ""} ${a.text}`}
                    {snapshot.seats.length > 1 && ` ${t("hint.other-chance", { percent: Math.round(a.value * 100) })}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
