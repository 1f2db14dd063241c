// The new-game form (route `/new`): a game, the number of players, the game's options and
// who plays each seat (me, an invited player, a bot). One click creates the game and opens it.
import { useEffect, useState } from "preact/hooks";
import { api, type SeatRequest } from "../api/http";
import { storeInvites, type InviteLink } from "../api/invites";
import { holdSeat } from "../api/tokens";
import { useAccount } from "../account/account";
import { SiteNav } from "../components/SiteNav";
import { hostKey } from "../play/chat";
import type { Catalog, OnChoice } from "../api/types";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { OptionField, subsetProblem } from "../components/OptionField";
import { t } from "../i18n";
import { botChoice, defaultName, gameName, seatName } from "../text/words";
import { startTutorial } from "../tutorial/lessons";

type SeatChoice = string; // "me", "invite", "open" (anyone may take it) or a bot spec

/** The paces a table may choose: what the lobby announces and the clock enforces. */
const PACES = {
  untimed: { pace: "live", clock: undefined },
  live: { pace: "live", clock: 120 },
  day: { pace: "turn-based", clock: 86_400 },
  "three-days": { pace: "turn-based", clock: 3 * 86_400 },
} as const;
type PaceChoice = keyof typeof PACES;

/** The bot a new seat gets: the level that plays the best move now. */
const DEFAULT_BOT = "casual";

/** The bots a rated game of `game` may seat: those with a public rating there (docs/api.md, Seats). */
function ratedBots(catalog: Catalog | null, game: string): string[] {
  return (catalog?.bots ?? []).filter((b) => b.rated_in.includes(game)).map((b) => b.spec);
}

/** The bots that play `game` with `players` (every bot, but `master` only where its
 * learned evaluation was measured above `expert`: the catalog's `games`, docs/bots.md). */
function playingBots(catalog: Catalog | null, game: string, players: number): string[] {
  return (catalog?.bots ?? []).filter((b) => (b.games[game] ?? []).includes(players)).map((b) => b.spec);
}

/** Whether a seat choice is a bot (not "me", "invite" or "open"). */
function isBot(choice: SeatChoice): boolean {
  return !["me", "invite", "open"].includes(choice);
}

/** How many seats are `kind`. */
function count(seats: SeatChoice[], kind: string): number {
  return seats.filter((s) => s === kind).length;
}

export function NewGame() {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  // The home page's "play with friends" opens the form on its game with the other seat open.
  const asked = new URLSearchParams(location.search);
  const [gameId, setGameId] = useState(asked.get("game") ?? "aquaretto");
  const [players, setPlayers] = useState(2);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [seats, setSeats] = useState<SeatChoice[]>(["me", asked.get("seats") === "open" ? "open" : DEFAULT_BOT]);
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState(false);
  const [paceChoice, setPaceChoice] = useState<PaceChoice>("untimed");
  const [rated, setRated] = useState(false);
  const [onTimeout, setOnTimeout] = useState<OnChoice>("bot");
  const [onLeave, setOnLeave] = useState<OnChoice>("bot");
  const who = useAccount();

  useEffect(() => {
    api.catalog().then(setCatalog, (e: Error) => setError(e.message));
  }, []);

  const game = catalog?.games.find((g) => g.id === gameId);
  const bot = catalog?.bots.find((b) => b.spec === DEFAULT_BOT)?.spec ?? catalog?.bots[0]?.spec ?? "random";
  const rateable = ratedBots(catalog, gameId);
  const playable = playingBots(catalog, gameId, players);

  // The seats for `game` with `n` players: a bot that does not play them (`master` outside
  // the games and counts it was measured at) becomes the default bot.
  const seatsFor = (game: string, n: number): SeatChoice[] => {
    const plays = new Set(playingBots(catalog, game, n));
    return Array.from({ length: n }, (_, i) => {
      const s = seats[i] ?? (i === 0 ? "me" : bot);
      return isBot(s) && !plays.has(s) ? bot : s;
    });
  };
  const choosePlayers = (n: number) => {
    setPlayers(n);
    setSeats(seatsFor(gameId, n));
  };
  const chooseGame = (id: string) => {
    const g = catalog?.games.find((x) => x.id === id);
    setGameId(id);
    setOptions({});
    if (!g) return;
    const n = Math.min(Math.max(players, g.min_players), g.max_players);
    setPlayers(n);
    setSeats(seatsFor(id, n));
  };

  // Leaving matters where others play on: an invited or open seat, or a rated game.
  const othersAtTable = seats.includes("invite") || seats.includes("open") || (rated && !!who);

  // "Learn to play": the server deals the game's tutorial (seat 0 against a bot); this
  // browser remembers the game as a tutorial, which shows the lessons beside the board.
  const learn = async (id: string) => {
    setBusy(true);
    setError("");
    try {
      const seat: SeatRequest = who && !name.trim() ? { kind: "me" } : { kind: "me", name: name.trim() || defaultName(0) };
      const created = await api.create({ game: id, players: 2, seats: [seat], tutorial: true });
      holdSeat(created.id, 0, created.tokens["0"], true);
      startTutorial(created.id);
      location.assign(`/play/${created.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  const create = async () => {
    // What the server would refuse is said here, before sending (the field says it too).
    const problem = (game?.options ?? [])
      .filter((o) => o.players.length === 0 || o.players.includes(players))
      .map((o) => subsetProblem(o, players, options[o.name] ?? o.default))
      .find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError("");
    try {
      const chosen = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));
      // Several "me" seats (a hot-seat game) each get a name of their own: "Anna", "Anna 2";
      // unnamed, each its seat's "Player 2".
      const mine = name.trim();
      let count = 0;
      const request: SeatRequest[] = seats.map((s, i) => {
        if (s === "invite" || s === "open") return { kind: s };
        if (s !== "me") return { kind: "bot", bot: s };
        count += 1;
        // Signed in and unnamed: the server names the seat after the account.
        if (count === 1 && who && !mine) return { kind: "me" };
        if (!mine) return { kind: "me", name: defaultName(i) };
        return { kind: "me", name: count === 1 ? mine : `${mine.slice(0, 29)} ${count}` };
      });
      const { pace, clock } = PACES[paceChoice];
      const created = await api.create({
        game: gameId,
        players,
        options: chosen,
        seats: request,
        listed,
        pace,
        clock,
        rated: rated && !!who,
        // (sent only where they apply: a clock runs, or other players could be left)
        on_timeout: clock !== undefined ? onTimeout : undefined,
        on_leave: othersAtTable ? onLeave : undefined,
      });
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
      // The creator's first seat is the host: it may start a waiting table with bots.
      const host = seats.indexOf("me");
      if (host >= 0) localStorage.setItem(hostKey(created.id), String(host));
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
      <SiteNav />
      <LanguageSwitch />
      <h1>zoogames</h1>
      <section class="learn" aria-labelledby="learn-title">
        <h2 id="learn-title">{t("tutorial.learn")}</h2>
        <p class="option-help">{t("tutorial.learn-help")}</p>
        {catalog.games.map((g) => (
          <button type="button" key={g.id} data-tutorial={g.id} disabled={busy} onClick={() => void learn(g.id)}>
            {t("tutorial.learn-game", { game: gameName(g.id, g.name) })}
          </button>
        ))}
      </section>
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
            {players === 2 && game.two_player_rules && <small class="option-help">{t("new.two-player-rules")}</small>}
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
                  <option value="open">{t("new.seat-open")}</option>
                  {[true, false].map((named) => (
                    <optgroup key={String(named)} label={named ? t("new.bots-levels") : t("new.bots-other")}>
                      {catalog.bots
                        .filter((b) => !!b.named === named && playable.includes(b.spec) && (!rated || rateable.includes(b.spec)))
                        .map((b) => (
                          <option key={b.spec} value={b.spec}>
                            {botChoice(b.level, b.label)}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
              </label>
            ))}
            {seats.includes("me") && (!who || count(seats, "me") > 1) && (
              <label class="option">
                <span class="option-label">{t("new.your-name")}</span>
                <input
                  data-field="name"
                  value={name}
                  maxLength={32}
                  placeholder={defaultName(Math.max(0, seats.indexOf("me")))}
                  onInput={(e) => setName((e.target as HTMLInputElement).value)}
                />
              </label>
            )}
          </fieldset>
          <fieldset class="table-form">
            <legend>{t("new.table")}</legend>
            <label class="option">
              <span class="option-label">{t("new.pace")}</span>
              <select data-field="clock" value={paceChoice} onChange={(e) => setPaceChoice((e.target as HTMLSelectElement).value as PaceChoice)}>
                <option value="untimed">{t("new.pace-untimed")}</option>
                <option value="live">{t("new.pace-live")}</option>
                <option value="day">{t("new.pace-day")}</option>
                <option value="three-days">{t("new.pace-three-days")}</option>
              </select>
            </label>
            {PACES[paceChoice].clock !== undefined && (
              <label class="option">
                <span class="option-label">{t("new.on-timeout")}</span>
                <select data-field="on_timeout" value={onTimeout} onChange={(e) => setOnTimeout((e.target as HTMLSelectElement).value as OnChoice)}>
                  <option value="bot">{t("new.on-timeout-bot")}</option>
                  <option value="forfeit">{t("new.on-timeout-forfeit")}</option>
                </select>
              </label>
            )}
            {othersAtTable && (
              <label class="option">
                <span class="option-label">{t("new.on-leave")}</span>
                <select data-field="on_leave" value={onLeave} onChange={(e) => setOnLeave((e.target as HTMLSelectElement).value as OnChoice)}>
                  <option value="bot">{t("new.on-leave-bot")}</option>
                  <option value="forfeit">{t("new.on-leave-forfeit")}</option>
                </select>
              </label>
            )}
            <label class="option">
              <input type="checkbox" data-field="listed" checked={listed} onChange={() => setListed(!listed)} /> {t("new.listed")}
            </label>
            {seats.includes("open") && !listed && <small class="option-help">{t("new.open-unlisted")}</small>}
            {who && (
              <label class="option">
                <input
                  type="checkbox"
                  data-field="rated"
                  checked={rated}
                  onChange={() => {
                    setRated(!rated);
                    // A rated game seats only bots with a public rating.
                    if (!rated) setSeats(seats.map((x) => (x === "me" || x === "invite" || x === "open" || rateable.includes(x) ? x : (rateable[0] ?? bot))));
                  }}
                />{" "}
                {t("new.rated")}
              </label>
            )}
            {who && rated && <small class="option-help">{t("new.rated-help")}</small>}
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
