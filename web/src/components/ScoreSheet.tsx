// Every scoring category per seat (the view's score parts), the totals, and — once the
// game is over — the winners and the tie-break.
import type { GameResult, Score } from "../api/types";

export function ScoreSheet({ scores, names, result }: { scores: Score[]; names: string[]; result: GameResult | null }) {
  const categories = [...new Set(scores.flatMap((s) => Object.keys(s).filter((k) => k !== "total")))];
  const tiebreak = result ? Object.keys(result).find((k) => k !== "winners" && k !== "scores") : undefined;
  const winners = new Set(result?.winners ?? []);
  return (
    <table class="score-sheet" data-score-sheet>
      <thead>
        <tr>
          <th />
          {names.map((n, i) => (
            <th key={i} class={winners.has(i) ? "winner" : ""}>
              {n}
              {winners.has(i) ? " ★ won" : ""}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((c) => (
          <tr key={c}>
            <th>{c.replace(/_/g, " ")}</th>
            {scores.map((s, i) => (
              <td key={i}>{s[c] ?? 0}</td>
            ))}
          </tr>
        ))}
        <tr class="total">
          <th>total</th>
          {scores.map((s, i) => (
            <td key={i} data-total={i}>
              {s.total}
            </td>
          ))}
        </tr>
        {result && tiebreak && (
          <tr>
            <th>{tiebreak} (tie-break)</th>
            {(result[tiebreak] ?? []).map((v, i) => (
              <td key={i}>{v}</td>
            ))}
          </tr>
        )}
      </tbody>
    </table>
  );
}
