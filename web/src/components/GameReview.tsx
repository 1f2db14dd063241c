// A finished game's review (docs/api.md, Reviews; docs/web.md, Reviews): asked for from the
// score sheet, computed by the bots once for the game, its progress shown while they work.
// Then: each seat's estimated chance to win over the game (an SVG), and the turning points,
// the decisions that cost the most, each opening the replay at that position. The replay
// itself shows, at every reviewed decision, what was played and what the bots preferred.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api/http";
import type { Review, ReviewDecision } from "../api/types";
import { useT } from "../i18n/hooks";
import { renderMessage } from "../i18n/message";
import { elsewhereWords } from "../text/words";

const POLL_MS = 1000;

/** Line colours per seat (Okabe–Ito: told apart with most colour blindness), and dashes as well. */
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "4 4"];

export interface ReviewState {
  review: Review | null;
  asking: boolean;
  error: string;
  ask: () => void;
  /** The decisions by their number. */
  byNumber: Map<number, ReviewDecision>;
}

/** The review of game `id` once it is over: what the server has, polled while it is computed. */
export function useReview(id: string, over: boolean): ReviewState {
  const [review, setReview] = useState<Review | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState("");
  const computing = review?.status === "computing";
  useEffect(() => {
    if (!over) return;
    let live = true;
    const load = () =>
      api.review(id).then(
        (r) => live && setReview(r),
        (e: Error) => live && setError(e.message),
      );
    if (review === null || computing) {
      const timer = setTimeout(load, review === null ? 0 : POLL_MS);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }
    return () => {
      live = false;
    };
  }, [id, over, review]);
  const ask = () => {
    setAsking(true);
    setError("");
    api.requestReview(id).then(
      (r) => (setAsking(false), setReview(r)),
      (e: Error) => (setAsking(false), setError(e.message)),
    );
  };
  const byNumber = new Map((review?.decisions ?? []).map((d) => [d.number, d]));
  return { review, asking, error, ask, byNumber };
}

/** A loss as whole percentage points of the chance to win. */
export function lossPercent(loss: number | null): number | null {
  return loss === null ? null : Math.round(loss * 100);
}

/** Brings the replay into view once it is drawn (a turning point opens it below the review). */
function showReplay(): void {
  // Preact renders the replay in a microtask: a task later it is there.
  window.setTimeout(() => document.querySelector<HTMLElement>(".replay")?.scrollIntoView?.({ block: "start" }), 0);
}

/** One decision in words: who played what, what the bots preferred, and the estimated cost. */
export function DecisionText({ d, names }: { d: ReviewDecision; names: string[] }) {
  const { t } = useT();
  const name = names[d.seat] ?? "";
  const loss = lossPercent(d.loss);
  const same = d.played === d.preferred;
  // Two placements of one card read alike: the board shows where (the replay marks the bots' choice).
  const alike = !same && JSON.stringify(d.played_message) === JSON.stringify(d.preferred_message);
  return (
    <span class="review-decision" data-decision={d.number}>
      {t("review.played", { name, action: renderMessage(d.played_message, names) })}{" "}
      {same ? t("review.agree") : t("review.preferred", { name, action: renderMessage(d.preferred_message, names) })}
      {alike && <> {elsewhereWords(d.played)}</>}
      {!same && loss !== null && <> {t("review.loss", { percent: loss })}</>}
    </span>
  );
}

/** Each seat's estimated chance to win at the reviewed decisions, over the game's moves. */
export function WinChart({ decisions, names, total, points }: { decisions: ReviewDecision[]; names: string[]; total: number; points: number[] }) {
  const { t } = useT();
  const w = 600;
  const h = 180;
  const pad = 48;
  const x = (n: number) => pad + ((w - 2 * pad) * n) / Math.max(1, total);
  const y = (v: number) => h - pad + (2 * pad - h) * v;
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  return (
    <figure class="review-chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t("review.chart")} data-review-chart>
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} class="review-grid" />
            <text x={pad - 4} y={y(v) + 4} text-anchor="end" class="review-axis">{`${v * 100}%`}</text>
          </g>
        ))}
        {names.map((_, seat) => {
          const pts = decisions
            .filter((d) => typeof d.values[seat] === "number")
            .map((d) => `${x(d.number).toFixed(1)},${y(d.values[seat] as number).toFixed(1)}`);
          return pts.length > 1 ? (
            <polyline
              key={seat}
              points={pts.join(" ")}
              fill="none"
              stroke={SEAT_COLOURS[seat % SEAT_COLOURS.length]}
              stroke-width="3"
              stroke-dasharray={DASHES[seat % DASHES.length]}
              data-seat-line={seat}
            />
          ) : null;
        })}
        {points.map((n) => {
          const d = byNumber.get(n);
          const v = d?.values[d.seat];
          return d && typeof v === "number" ? (
            <circle key={n} cx={x(n)} cy={y(v)} r="5" class="review-point" stroke={SEAT_COLOURS[d.seat % SEAT_COLOURS.length]} />
          ) : null;
        })}
      </svg>
      <figcaption class="review-legend">
        {names.map((name, seat) => (
          <span key={seat}>
            <svg width="28" height="10" aria-hidden="true">
              <line
                x1="0"
                x2="28"
                y1="5"
                y2="5"
                stroke={SEAT_COLOURS[seat % SEAT_COLOURS.length]}
                stroke-width="2"
                stroke-dasharray={DASHES[seat % DASHES.length]}
              />
            </svg>{" "}
            {name}
          </span>
        ))}
        <span class="review-legend-note">{t("review.chart-note")}</span>
      </figcaption>
    </figure>
  );
}

interface Props {
  state: ReviewState;
  names: string[];
  total: number;
  /** Open the replay at the position before action `number`. */
  onOpen: (number: number) => void;
}

/** The review box under the final scores. */
export function GameReview({ state, names, total, onOpen }: Props) {
  const { t } = useT();
  const { review, asking, error, ask, byNumber } = state;
  const decisions = review?.decisions ?? [];
  return (
    <section class="game-review" aria-live="polite" data-review={review?.status ?? "loading"}>
      <h3>{t("review.title")}</h3>
      {review?.status === "none" && (
        <>
          <p class="review-intro">{t("review.intro")}</p>
          <button type="button" class="primary" data-action="review" disabled={asking} onClick={ask}>
            {t("review.ask")}
          </button>
        </>
      )}
      {review?.status === "computing" && (
        <p class="review-progress">
          <label>
            {t("review.computing", { done: review.done ?? 0, total: review.total ?? 0 })}{" "}
            <progress value={review.done ?? 0} max={Math.max(1, review.total ?? 1)} data-review-progress />
          </label>
        </p>
      )}
      {review?.status === "done" && (
        <>
          <WinChart decisions={decisions} names={names} total={total} points={review.turning_points ?? []} />
          {(review.turning_points ?? []).length === 0 ? (
            <p>{t("review.no-points")}</p>
          ) : (
            <>
              <h4>{t("review.turning-points")}</h4>
              <ol class="review-points">
                {(review.turning_points ?? []).map((n) => {
                  const d = byNumber.get(n);
                  return (
                    d && (
                      <li key={n}>
                        <button type="button" class="link-button" data-turning-point={n} onClick={() => (onOpen(n), showReplay())}>
                          {t("review.move", { n: n + 1 })}
                        </button>{" "}
                        <DecisionText d={d} names={names} />
                      </li>
                    )
                  );
                })}
              </ol>
            </>
          )}
          <p class="review-method">{t("review.method", { count: decisions.length, iterations: review.iterations ?? 0 })}</p>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
