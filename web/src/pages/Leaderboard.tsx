// A game's leaderboard (route `/leaderboard/{game}`): the best 100 players by
// their rating's ordinal (mu − 3σ), and the bots' fixed ratings to measure against.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api/http";
import { type Leaderboard as Board, lobbyApi } from "../api/lobby";
import type { Catalog } from "../api/types";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { useT } from "../i18n/hooks";
import { botName, gameName } from "../text/words";

/** Everyone in one list, best first: the players and, among them, the bots, each bot by its
 * one name ("Beginner bot": the name already says it is a bot, so no "(bot)" after it). */
export function boardRows(board: Board): { name: string; ordinal: number; games: number | null; bot: boolean }[] {
  return [...board.players.map((p) => ({ ...p, bot: false })), ...board.bots.map((b) => ({ ...b, name: botName(b.bot), games: null, bot: true }))].sort(
    (a, b) => b.ordinal - a.ordinal,
  );
}

export function Leaderboard({ game }: { game: string }) {
  const { t } = useT();
  const [board, setBoard] = useState<Board | null>(null);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    setBoard(null);
    lobbyApi.leaderboard(game).then(setBoard, (e: Error) => setError(e.message));
  }, [game]);
  useEffect(() => {
    api.catalog().then(setCatalog, () => undefined);
  }, []);

  const rows = board ? boardRows(board) : [];
  return (
    <main class="leaderboard">
      <SiteNav />
      <LanguageSwitch />
      <h1>{t("leaderboard.title", { game: gameName(game) })}</h1>
      <nav class="game-choice" aria-label={t("leaderboard.games")}>
        {(catalog?.games ?? []).map((g) => (
          <a key={g.id} href={`/leaderboard/${g.id}`} aria-current={g.id === game ? "page" : undefined}>
            {gameName(g.id, g.name)}
          </a>
        ))}
      </nav>
      <p class="hint">{t("leaderboard.how")}</p>
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
      {board && (
        <table class="stats" data-leaderboard={board.game}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("leaderboard.player")}</th>
              <th scope="col">{t("profile.rating")}</th>
              <th scope="col">{t("leaderboard.games-played")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${r.bot ? "bot" : "player"}:${r.name}`} data-bot={r.bot ? "yes" : "no"}>
                <td>{i + 1}</td>
                <th scope="row">{r.bot ? <span>{r.name}</span> : <a href={`/players/${encodeURIComponent(r.name)}`}>{r.name}</a>}</th>
                <td>{r.ordinal.toFixed(1)}</td>
                <td>{r.games ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
