// "My games" (route `/games`): every game you hold a seat in, the account's
// (`GET /api/me/games`) and this browser's (its stored tokens), your turn first. A game
// the account holds but this browser does not (started on another device) gets this
// device's tokens (`POST /api/me/games/{id}/tokens`) when opened.
import { useEffect, useState } from "preact/hooks";
import { type TableSeat, lobbyApi } from "../api/lobby";
import { api } from "../api/http";
import { fetchDeviceTokens, heldSeats, useAccount } from "../account/account";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { seatWho } from "../components/TableSeats";
import { useT } from "../i18n/hooks";
import { type GameRow, mergeGames, sortGames } from "../play/table";
import { gameName } from "../text/words";

/** The browser's games it asks the server about at most (each is one request). */
const LOCAL_MAX = 40;

interface Row extends GameRow {
  game: string;
  toMove: number | null;
  you: number[];
  seats: TableSeat[];
  /** This browser holds a token of the game (else the account's tokens are fetched first). */
  held: boolean;
}

/** The browser's own games, each asked of the server with one of its tokens. */
async function localRows(): Promise<Row[]> {
  const byGame = new Map<string, string>();
  for (const { game, token } of heldSeats()) if (!byGame.has(game)) byGame.set(game, token);
  const answers = await Promise.all(
    [...byGame.entries()].slice(0, LOCAL_MAX).map(([id, token]) =>
      api.snapshot(id, token).then(
        (s): Row => ({
          id,
          game: s.game,
          status: s.status,
          toMove: s.view.to_move,
          you: s.you === null ? [] : [s.you],
          yourTurn: s.status === "playing" && s.you !== null && s.view.to_move === s.you && !s.open_seats.length,
          createdAt: "",
          seats: s.seats.map((x) => ({ ...x, open: s.open_seats.includes(x.seat) })),
          held: true,
        }),
        () => null,
      ),
    ),
  );
  return answers.filter((r): r is Row => r !== null);
}

export function MyGames() {
  const { t } = useT();
  const who = useAccount();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    if (who === undefined) return;
    const held = new Set(heldSeats().map((s) => s.game));
    const account: Promise<Row[]> = who
      ? lobbyApi.myGames().then((r) =>
          r.games.map((g) => ({
            id: g.id,
            game: g.game,
            status: g.status,
            toMove: g.to_move,
            you: g.you,
            yourTurn: g.your_turn,
            createdAt: g.created_at,
            seats: g.seats,
            held: held.has(g.id),
          })),
        )
      : Promise.resolve([]);
    Promise.all([account, localRows()]).then(
      ([a, b]) => setRows(sortGames(mergeGames([...a, ...b]))),
      (e: Error) => setError(e.message),
    );
  }, [who]);

  const open = (row: Row) => (e: Event) => {
    if (row.held) return; // the link as it is
    e.preventDefault();
    fetchDeviceTokens(row.id).then(
      () => location.assign(`/play/${row.id}`),
      () => location.assign(`/play/${row.id}`),
    );
  };

  return (
    <main class="my-games">
      <SiteNav />
      <LanguageSwitch />
      <h1>{t("games.title")}</h1>
      {who === null && (
        <p class="hint">
          {t("games.guest")} <a href="/account">{t("nav.sign-in")}</a>
        </p>
      )}
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
      {rows === null ? (
        !error && <p>{t("new.loading")}</p>
      ) : rows.length === 0 ? (
        <p data-empty="games">
          {t("games.none")} <a href="/lobby">{t("nav.lobby")}</a>
        </p>
      ) : (
        <ul class="game-rows" data-list="games">
          {rows.map((row) => (
            <li key={row.id} data-game-id={row.id} data-your-turn={row.yourTurn ? "yes" : "no"} data-status={row.status}>
              <a href={`/play/${row.id}`} onClick={open(row)}>
                {gameName(row.game)}
              </a>{" "}
              <span class="game-state">
                {row.status === "over"
                  ? t("games.over")
                  : row.yourTurn
                    ? t("games.your-turn")
                    : row.seats.some((s) => s.open)
                      ? t("games.waiting")
                      : row.toMove !== null && row.seats[row.toMove]
                        ? t("games.to-move", { name: seatWho(row.seats[row.toMove], t) })
                        : ""}
              </span>
              <span class="game-players"> · {row.seats.map((s) => seatWho(s, t)).join(", ")}</span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
