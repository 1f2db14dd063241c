// Every scoring category per seat (the view's score parts), the totals, and — once the
// game is over — the winners and the tie-break (and who forfeited), or a solo game's rank.
import type { GameResult, Score } from "../api/types";
import { t } from "../i18n";
import { scoreName } from "../text/words";

interface Props {
  scores: Score[];
  names: string[];
  result: GameResult | null;
  /** A solo game's rank (Aquarium Designer): shown instead of "won". */
  rank?: string;
}

/** The result's tie-break field: `coins` in the truck games, `animals` in Aquarium Designer. */
export function tiebreakKey(result: GameResult | null): "coins" | "animals" | undefined {
  return result ? (["coins", "animals"] as const).find((k) => k in result) : undefined;
}

export function ScoreSheet({ scores, names, result, rank }: Props) {
  const categories = [...new Set(scores.flatMap((s) => Object.keys(s).filter((k) => k !== "total")))];
  const tiebreak = tiebreakKey(result);
  const ties = result && tiebreak ? result[tiebreak] : undefined;
  const forfeited = result?.forfeited;
  const solo = names.length === 1;
  const winners = new Set(solo ? [] : (result?.winners ?? []));
  return (
    // The sheet scrolls sideways by itself if it must (five seats on a phone): never the page.
    <div class="score-sheet-frame">
      <table class="score-sheet" data-score-sheet>
        <thead>
          <tr>
            <th />
            {names.map((n, i) => (
              <th key={i} class={winners.has(i) ? "winner" : ""} scope="col">
                {n}
                {winners.has(i) ? ` ${t("score.won")}` : ""}
                {forfeited === i && (
                  <span class="forfeited" data-forfeited={i}>
                    {" "}
                    {t("score.forfeited")}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c}>
              <th scope="row">{scoreName(c)}</th>
              {scores.map((s, i) => (
                <td key={i}>{s[c] ?? 0}</td>
              ))}
            </tr>
          ))}
          <tr class="total">
            <th scope="row">{t("score.total")}</th>
            {scores.map((s, i) => (
              <td key={i} data-total={i}>
                {s.total}
              </td>
            ))}
          </tr>
          {result && tiebreak && Array.isArray(ties) && !solo && (
            <tr>
              <th scope="row">{t("score.tiebreak", { what: scoreName(tiebreak) })}</th>
              {ties.map((v, i) => (
                <td key={i}>{v}</td>
              ))}
            </tr>
          )}
          {result && solo && rank && (
            <tr class="rank">
              <th scope="row">{t("score.rank")}</th>
              <td data-rank-cell>{rank}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
