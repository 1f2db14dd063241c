// The new-game form (route `/`): a game, the number of players, the game's options and
// who plays each seat (me, an invited player, a bot). One click creates the game and opens it.
import { useEffect, useState } from "preact/hooks";
import { api, type SeatRequest } from "../api/http";
import { storeInvites, type InviteLink } from "../api/invites";
import { holdSeat } from "../api/tokens";
import type { Catalog } from "../api/types";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { OptionField } from "../components/OptionField";
import { t } from "../i18n";
import { botChoice, gameName, seatName } from "../text/words";

type SeatChoice = string; // "me", "invite" or a bot spec

export function NewGame() {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [gameId, setGameId] = useState("aquaretto");
  const [players, setPlayers] = useState(2);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [seats, setSeats] = useState<SeatChoice[]>(["me", "greedy"]);
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.catalog().then(setCatalog, (e: Error) => setError(e.message));
  }, []);

  const game = catalog?.games.find((g) => g.id === gameId);
  const bot = catalog?.bots.find((b) => b.spec === "greedy")?.spec ?? catalog?.bots[0]?.spec ?? "random";

  const choosePlayers = (n: number) => {
    setPlayers(n);
    setSeats(Array.from({ length: n }, (_, i) => seats[i] ?? (i === 0 ? "me" : bot)));
  };
  const chooseGame = (id: string) => {
    const g = catalog?.games.find((x) => x.id === id);
    setGameId(id);
    setOptions({});
    if (g) choosePlayers(Math.min(Math.max(players, g.min_players), g.max_players));
  };

  const create = async () => {
    setBusy(true);
    setError("");
    try {
      const chosen = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));
      // Several "me" seats (a hot-seat game) each get a name of their own: "Anna", "Anna 2".
      const mine = name.trim() || t("new.me-name");
      let count = 0;
      const request: SeatRequest[] = seats.map((s) => {
        if (s === "invite") return { kind: "invite" };
        if (s !== "me") return { kind: "bot", bot: s };
        count += 1;
        return { kind: "me", name: count === 1 ? mine : `${mine.slice(0, 29)} ${count}` };
      });
      const created = await api.create({ game: gameId, players, options: chosen, seats: request });
      const links: InviteLink[] = [];
      let first: string | null = null;
      seats.forEach((s, seat) => {
        const token = created.tokens[String(seat)] ?? created.invitations[String(seat)];
        if (!token) return;
        if (s === "me") holdSeat(created.id, seat, token, first === null); // every "me" seat is held
        if (s === "me" && first === null) first = token;
        else links.push({ seat, token, kind: s === "me" ? "me" : "invite" });
      });
      storeInvites(created.id, links);
      location.assign(`/play/${created.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  if (!catalog)
    return (
      <main class="new-game">
        <LanguageSwitch />
        {error ? (
          <p class="error" data-error>
            {error}
          </p>
        ) : (
          <p>{t("new.loading")}</p>
        )}
      </main>
    );

  return (
    <main class="new-game">
      <LanguageSwitch />
      <h1>zoogames</h1>
      <div class="game-choice">
        {catalog.games.map((g) => (
          <button type="button" key={g.id} data-game={g.id} class={g.id === gameId ? "selected" : ""} onClick={() => chooseGame(g.id)}>
            {gameName(g.id, g.name)}
          </button>
        ))}
      </div>
      {game && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label class="option">
            <span class="option-label">{t("new.players")}</span>
            <select data-field="players" value={String(players)} onChange={(e) => choosePlayers(Number((e.target as HTMLSelectElement).value))}>
              {Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
            {players === 2 && game.id !== "aquarium-designer" && <small class="option-help">{t("new.two-player-rules")}</small>}
          </label>
          {game.options
            .filter((o) => o.players.length === 0 || o.players.includes(players))
            .map((o) => (
              <OptionField
                key={o.name}
                spec={o}
                players={players}
                value={options[o.name] ?? o.default}
                onChange={(v) => setOptions({ ...options, [o.name]: v })}
              />
            ))}
          <fieldset class="seats-form">
            <legend>{t("new.seats")}</legend>
            {seats.map((s, i) => (
              <label key={i} class="option">
                <span class="option-label">{seatName(i)}</span>
                <select data-seat-kind={i} value={s} onChange={(e) => setSeats(seats.map((x, j) => (j === i ? (e.target as HTMLSelectElement).value : x)))}>
                  <option value="me">{t("new.seat-me")}</option>
                  <option value="invite">{t("new.seat-invite")}</option>
                  {catalog.bots.map((b) => (
                    <option key={b.spec} value={b.spec}>
                      {botChoice(b.level, b.label)}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            {seats.includes("me") && (
              <label class="option">
                <span class="option-label">{t("new.your-name")}</span>
                <input
                  data-field="name"
                  value={name}
                  maxLength={32}
                  placeholder={t("new.me-name")}
                  onInput={(e) => setName((e.target as HTMLInputElement).value)}
                />
              </label>
            )}
          </fieldset>
          <button type="submit" class="primary" data-action="create" disabled={busy}>
            {t("new.start")}
          </button>
          {error && (
            <p class="error" data-error>
              {error}
            </p>
          )}
        </form>
      )}
      {/* The credits (OpenMoji's licence asks for them) are one click from the first page too. */}
      <p class="hint">
        <a href="/about" data-link="about">
          {t("new.about")}
        </a>
      </p>
    </main>
  );
}
