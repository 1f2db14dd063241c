// The end of a game in sentences, above the score sheet: what happened to the reader (their
// place and the margin, or a solo game's rank and what each rank needs), where the points
// came from (the score sheet's categories) and, in a rated game, the rating's change. A
// spectator reads the winner's.
import type { GameResult, Score } from "../api/types";
import { current, t } from "../i18n";
import { plural, scoreName } from "../text/words";

/** Aquarium Designer's solo ranks and the least score of each (rule D-R1; the engine's
 * `aquarium_designer.state.RANKS`, checked against it by tests/test_client_constants.py). */
export const SOLO_RANKS: readonly [string, number][] = [
  ["S", 50],
  ["A", 45],
  ["B", 40],
  ["C", 35],
];

/** The categories most of `score`'s points came from, largest first: "animals 18, coins 4". */
function pointsFrom(score: Score, most = 3): string {
  return Object.entries(score)
    .filter(([k, v]) => k !== "total" && v > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, most)
    .map(([k, v]) => `${scoreName(k)} ${v}`)
    .join(", ");
}

/** Seats by total, best first (the result's winners first: a tie-break ranks them). */
function standings(scores: Score[], winners: number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => Number(winners.includes(b)) - Number(winners.includes(a)) || scores[b].total - scores[a].total);
}

/** The sentences of the end for a reader at seat `you` (null: a spectator). */
export function outcomeSentences(scores: Score[], result: GameResult, names: string[], you: number | null, rank?: string): string[] {
  if (scores.length === 1) {
    const ranks = SOLO_RANKS.map(([r, least]) => `${r} ${least}`).join(", ");
    const below = SOLO_RANKS[SOLO_RANKS.length - 1][1];
    return [
      t("outcome.solo", { points: plural(scores[0].total, "points"), rank: rank ?? "" }),
      t("outcome.ranks", { ranks, below }),
      ...(pointsFrom(scores[0]) ? [t("outcome.yours-from", { parts: pointsFrom(scores[0]) })] : []),
    ];
  }
  const order = standings(scores, result.winners);
  const winner = order[0];
  const runnerUp = order.find((s) => !result.winners.includes(s)) ?? order[1];
  const margin = (a: number, b: number) => plural(Math.abs(scores[a].total - scores[b].total), "points");
  if (you === null) {
    return [
      t("outcome.other-won", { name: names[winner], points: margin(winner, runnerUp), second: names[runnerUp] }),
      ...(pointsFrom(scores[winner]) ? [t("outcome.winner-from", { name: names[winner], parts: pointsFrom(scores[winner]) })] : []),
    ];
  }
  const sentences: string[] = [];
  if (result.forfeited === you) sentences.push(t("outcome.forfeited"));
  else if (result.winners.includes(you) && result.winners.length > 1) {
    sentences.push(
      t("outcome.shared", {
        names: result.winners
          .filter((s) => s !== you)
          .map((s) => names[s])
          .join(", "),
      }),
    );
  } else if (result.winners.includes(you)) {
    sentences.push(
      scores[you].total === scores[runnerUp].total
        ? t("outcome.won-tiebreak", { name: names[runnerUp] })
        : t("outcome.won", { points: margin(you, runnerUp), name: names[runnerUp] }),
    );
  } else {
    sentences.push(t("outcome.place", { place: order.indexOf(you) + 1, players: scores.length, points: margin(winner, you), name: names[winner] }));
  }
  if (pointsFrom(scores[you])) sentences.push(t("outcome.yours-from", { parts: pointsFrom(scores[you]) }));
  const rating = result.ratings?.[you];
  if (rating) {
    const change = rating.after - rating.before;
    const number = (n: number, sign = false) => new Intl.NumberFormat(current(), { maximumFractionDigits: 1, signDisplay: sign ? "always" : "auto" }).format(n);
    sentences.push(t("outcome.rating", { before: number(rating.before), after: number(rating.after), change: number(change, true) }));
  }
  return sentences;
}

export function Outcome({
  scores,
  result,
  names,
  you,
  rank,
}: {
  scores: Score[];
  result: GameResult | null;
  names: string[];
  you: number | null;
  rank?: string;
}) {
  if (!result) return null;
  return (
    <div class="outcome" data-outcome>
      {outcomeSentences(scores, result, names, you, rank).map((s, i) => (
        <p key={i} class={i === 0 ? "outcome-headline" : ""}>
          {s}
        </p>
      ))}
    </div>
  );
}
