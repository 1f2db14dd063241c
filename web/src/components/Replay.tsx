// A replay of a finished game: the spectator's view after the first n actions (GET
// /api/games/{id}/replay/{n}), from the first action on. Buttons (each with a name), a
// slider, and the keys ← → Home End step through it; the move log marks the position.
// Once the game is reviewed, each reviewed decision is told at its position (GameReview).
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api/http";
import type { ReplayStep, ReviewDecision } from "../api/types";
import { Choices } from "../play/choices";
import { PlayContext, usePlay } from "../play/context";
import { t } from "../i18n";
import { entryPhrase } from "./MoveLog";
import { Board } from "./Board";
import { DecisionText } from "./GameReview";
import { Icon, type IconName } from "./Icon";

interface Props {
  id: string;
  total: number;
  names: string[];
  n: number;
  onStep: (n: number) => void;
  /** The review's decision made at this position, once the game is reviewed. */
  decision?: ReviewDecision;
}

function StepButton({ action, icon, label, onClick, disabled }: { action: string; icon: IconName; label: string; onClick: () => void; disabled: boolean }) {
  return (
    <button type="button" data-action={action} aria-label={label} title={label} onClick={onClick} disabled={disabled} class="icon-button">
      <Icon name={icon} />
    </button>
  );
}

export function Replay({ id, total, names, n, onStep, decision }: Props) {
  const outer = usePlay();
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [error, setError] = useState("");
  const section = useRef<HTMLElement>(null);

  // The button that opened the replay is gone: the keys its text names (→) must work at once.
  useEffect(() => {
    section.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    let live = true;
    api.replay(id, n).then(
      (s) => live && (setStep(s), setError("")),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [id, n]);

  const go = (to: number) => onStep(Math.max(0, Math.min(total, to)));
  const onKeyDown = (e: KeyboardEvent) => {
    const to = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: total }[e.key];
    if (to === undefined || (e.target as HTMLElement).tagName === "INPUT") return;
    e.preventDefault();
    go(to);
  };
  const last = step?.log.filter((e) => e.number === n - 1).pop();
  // The bots' choice at a reviewed decision is marked on the board, as a hint is.
  const bestHere = decision && decision.played !== decision.preferred ? { seat: decision.seat, action: decision.preferred } : null;
  return (
    <section ref={section} class="replay" data-replay={n} aria-label={t("replay.label")} tabIndex={0} onKeyDown={onKeyDown}>
      <h2>{t("replay.title")}</h2>
      <div class="replay-controls">
        <StepButton action="replay-first" icon="first" label={t("replay.first")} onClick={() => go(0)} disabled={n === 0} />
        <StepButton action="replay-prev" icon="prev" label={t("replay.prev")} onClick={() => go(n - 1)} disabled={n === 0} />
        <input
          type="range"
          min={0}
          max={total}
          value={n}
          data-field="replay"
          aria-label={t("replay.number")}
          onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
        />
        <StepButton action="replay-next" icon="next" label={t("replay.next")} onClick={() => go(n + 1)} disabled={n === total} />
        <StepButton action="replay-last" icon="last" label={t("replay.last")} onClick={() => go(total)} disabled={n === total} />
        <span aria-live="polite">{t("replay.position", { n, total })}</span>
      </div>
      <p class="replay-move">
        {last ? (
          <>
            <strong>{names[last.seat]}</strong> {entryPhrase(last, names)}
          </>
        ) : (
          t("replay.start")
        )}
      </p>
      {decision && (
        <p class="replay-review" data-replay-decision={decision.number}>
          <strong>{t("review.here", { n: decision.number + 1 })}</strong> <DecisionText d={decision} names={names} />
        </p>
      )}
      {error && <p class="error">{error}</p>}
      {step && (
        <PlayContext.Provider value={{ ...outer, choices: new Choices([], []), me: null, thinking: null, spotlight: bestHere ?? outer.spotlight }}>
          <Board view={step.view} />
        </PlayContext.Provider>
      )}
    </section>
  );
}
