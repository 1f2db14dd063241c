// A replay of a finished game: the spectator's view after the first n actions, stepped
// with buttons or a slider (GET /api/games/{id}/replay/{n}). Nothing in it can be chosen.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api/http";
import type { ReplayStep } from "../api/types";
import { Choices } from "../play/choices";
import { PlayContext, usePlay } from "../play/context";
import { Board } from "./Board";

export function Replay({ id, total, names }: { id: string; total: number; names: string[] }) {
  const outer = usePlay();
  const [n, setN] = useState(total);
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [error, setError] = useState("");

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

  const go = (to: number) => setN(Math.max(0, Math.min(total, to)));
  const last = step?.log.filter((e) => e.number === n - 1).pop();
  return (
    <section class="replay" data-replay={n}>
      <h2>Replay</h2>
      <div class="replay-controls">
        <button type="button" data-action="replay-first" onClick={() => go(0)}>
          ⏮
        </button>
        <button type="button" data-action="replay-prev" onClick={() => go(n - 1)}>
          ◀
        </button>
        <input type="range" min={0} max={total} value={n} data-field="replay" onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
        <button type="button" data-action="replay-next" onClick={() => go(n + 1)}>
          ▶
        </button>
        <button type="button" data-action="replay-last" onClick={() => go(total)}>
          ⏭
        </button>
        <span>
          {n} / {total}
        </span>
      </div>
      {last && (
        <p class="replay-move">
          <strong>{names[last.seat]}</strong> {last.text}
        </p>
      )}
      {error && <p class="error">{error}</p>}
      {step && (
        <PlayContext.Provider value={{ ...outer, choices: new Choices([], []), me: null, thinking: null }}>
          <Board view={step.view} />
        </PlayContext.Provider>
      )}
    </section>
  );
}
