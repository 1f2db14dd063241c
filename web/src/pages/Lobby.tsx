// The lobby (route `/lobby`): the listed tables with open seats, each taken with
// one click (a guest names themselves first), and the listed games in play, to watch. The
// list is fetched again every 10 s while the page is open.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Lobby as LobbyList, type Table, lobbyApi } from "../api/lobby";
import { holdSeat } from "../api/tokens";
import { useAccount } from "../account/account";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { NAME_LENGTH } from "../components/JoinForm";
import { SiteNav } from "../components/SiteNav";
import { TableSeats } from "../components/TableSeats";
import { useT } from "../i18n/hooks";
import { gameName } from "../text/words";

const REFRESH_MS = 10_000;

function TableRow({ table, children }: { table: Table; children: ComponentChildren }) {
  const { t } = useT();
  return (
    <li class="lobby-table" data-table={table.id} data-game={table.game}>
      <h3>
        {gameName(table.game)} <small>{t("lobby.players", { count: table.players })}</small>
      </h3>
      <p class="table-facts">
        {/* "live" only where a clock runs: a table without one waits as long as it takes. */}
        <span data-pace={table.pace} data-clock={table.clock ?? ""}>
          {table.pace === "turn-based" ? t("lobby.pace-turn-based") : table.clock !== null ? t("lobby.pace-live") : t("lobby.pace-untimed")}
        </span>
        {table.rated && <span data-rated="yes"> · {t("lobby.rated")}</span>}
        {table.hints && (
          <span data-hints="yes" title={t("lobby.hints-help")}>
            {" "}
            · {t("lobby.hints")}
          </span>
        )}
        {table.free > 0 && <span> · {t("lobby.free", { count: table.free })}</span>}
      </p>
      {children}
    </li>
  );
}

export function Lobby() {
  const { t } = useT();
  const who = useAccount();
  const [lobby, setLobby] = useState<LobbyList | null>(null);
  const [error, setError] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const load = () => lobbyApi.lobby().then(setLobby, (e: Error) => setError(e.message));
    void load();
    const timer = window.setInterval(load, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const take = (table: Table, seat: number) => {
    // A guest is asked for a name (the field above the list); an account's name is its own.
    if (!who && !name.trim()) {
      setError(t("lobby.name-first"));
      document.querySelector<HTMLInputElement>("[data-field=lobby-name]")?.focus();
      return;
    }
    setBusy(true);
    setError("");
    lobbyApi.takeSeat(table.id, seat, who ? null : name.trim()).then(
      (joined) => {
        if (joined.token && joined.you !== null) holdSeat(table.id, joined.you, joined.token, true);
        location.assign(`/play/${table.id}`);
      },
      (e: Error) => {
        setError(e.message);
        setBusy(false);
        void lobbyApi.lobby().then(setLobby, () => undefined);
      },
    );
  };

  return (
    <main class="lobby">
      <SiteNav />
      <LanguageSwitch />
      <h1>{t("lobby.title")}</h1>
      <p class="hint">
        {t("lobby.intro")} <a href="/">{t("lobby.new-table")}</a>
      </p>
      {who === null && (
        <label class="option">
          <span class="option-label">{t("new.your-name")}</span>
          <input data-field="lobby-name" value={name} maxLength={NAME_LENGTH} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
      )}
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
      {!lobby ? (
        !error && <p>{t("new.loading")}</p>
      ) : (
        <>
          <section aria-labelledby="open-tables">
            <h2 id="open-tables">{t("lobby.open")}</h2>
            {lobby.open.length === 0 ? (
              <p data-empty="open">{t("lobby.none-open")}</p>
            ) : (
              <ul class="lobby-tables" data-list="open">
                {lobby.open.map((table) => (
                  <TableRow key={table.id} table={table}>
                    <TableSeats seats={table.seats} busy={busy} onTake={(seat) => take(table, seat)} />
                  </TableRow>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="playing-tables">
            <h2 id="playing-tables">{t("lobby.playing")}</h2>
            {lobby.playing.length === 0 ? (
              <p data-empty="playing">{t("lobby.none-playing")}</p>
            ) : (
              <ul class="lobby-tables" data-list="playing">
                {lobby.playing.map((table) => (
                  <TableRow key={table.id} table={table}>
                    <TableSeats seats={table.seats} />
                    <a href={`/play/${table.id}`} data-action="watch">
                      {t("lobby.watch")}
                    </a>
                  </TableRow>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}
