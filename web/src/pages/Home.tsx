// The home page (route `/`): a card per game of the server's catalog — a picture drawn from
// its pieces, its players, its length, one line of what it is about — and three ways in:
// play a bot now (one click: two players, you against an intermediate bot), play with
// friends (the new-game form with the other seats open), learn (the tutorial). The full
// form is one step further, at `/new`.
import { useEffect, useState } from "preact/hooks";
import { api, type SeatRequest } from "../api/http";
import { holdSeat } from "../api/tokens";
import { useAccount } from "../account/account";
import type { Catalog, CatalogGame } from "../api/types";
import { COLOURS, ANIMALS } from "../boards/designer/sections";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { Picture, TileGlyph } from "../components/TileGlyph";
import { useT } from "../i18n/hooks";
import { hostKey } from "../play/chat";
import { defaultName, gameName } from "../text/words";
import type { Intro } from "../text/summaries";
import { startTutorial } from "../tutorial/lessons";

/** The bot "play a bot now" seats: the level a newcomer meets first after the tutorial's. */
const INTERMEDIATE = "casual";

/** The species a game's options name (the subset of species to leave out), two of each
 * group: its own pieces for its picture. */
function speciesOf(game: CatalogGame): string[] {
  const groups = game.options.filter((o) => o.kind === "subset").flatMap((o) => o.groups);
  const per = groups.length > 1 ? 2 : 4;
  return groups.flatMap((g) => g.names.slice(0, per)).slice(0, 4);
}

const TILE = 44;

/** A game's picture: four of its tiles in a row, or, for a game of cards without species
 * to choose (Aquarium Designer), a card of four coloured sections with their animals. */
function GamePicture({ game }: { game: CatalogGame }) {
  const species = speciesOf(game);
  if (species.length > 0) {
    const width = species.length * (TILE + 4);
    return (
      <svg class="home-picture" viewBox={`0 0 ${width} ${TILE + 4}`} role="img" aria-hidden="true">
        {species.map((s, i) => (
          <TileGlyph key={s} tile={s} x={2 + i * (TILE + 4)} y={2} size={TILE} />
        ))}
      </svg>
    );
  }
  const animals = Object.keys(ANIMALS);
  return (
    <svg class="home-picture" viewBox={`0 0 ${2 * TILE + 4} ${2 * TILE + 4}`} role="img" aria-hidden="true">
      {animals.slice(0, 4).map((a, i) => {
        const x = 2 + (i % 2) * TILE;
        const y = 2 + Math.floor(i / 2) * TILE;
        return (
          <g key={a}>
            <rect x={x} y={y} width={TILE} height={TILE} fill={COLOURS[a]} stroke="#fff" stroke-width={2} />
            <Picture kind={ANIMALS[a]} x={x + 6} y={y + 6} size={TILE - 12} />
          </g>
        );
      })}
    </svg>
  );
}

/** One game's card. */
function GameCard({ game, busy, onBot, onLearn }: { game: CatalogGame; busy: boolean; onBot: () => void; onLearn: () => void }) {
  const { t, lang } = useT();
  const [intro, setIntro] = useState<Intro | null>(null);
  useEffect(() => {
    // The summaries are a chunk of their own (the rules dialog's): loaded after the page.
    let current = true;
    void import("../text/summaries").then((m) => m.loadIntro(game.id, lang === "cs" ? "cs" : "en")).then((i) => current && setIntro(i));
    return () => {
      current = false;
    };
  }, [game.id, lang]);
  const name = gameName(game.id, game.name);
  return (
    <article class="home-game" data-home-game={game.id} aria-labelledby={`home-${game.id}`}>
      <GamePicture game={game} />
      <h2 id={`home-${game.id}`}>{name}</h2>
      <p class="home-facts">
        <span data-players>
          {game.min_players === game.max_players
            ? t("home.players-one", { count: game.min_players })
            : t("home.players", { min: game.min_players, max: game.max_players })}
        </span>
        {intro?.length && <span data-length> · {intro.length}</span>}
      </p>
      <p class="home-about" data-about>
        {intro?.goal ?? ""}
      </p>
      <div class="home-starts">
        <button type="button" class="primary" data-action="play-bot" disabled={busy} onClick={onBot}>
          {t("home.play-bot")}
        </button>
        <a class="button" href={`/new?game=${encodeURIComponent(game.id)}&seats=open`} data-action="friends">
          {t("home.friends")}
        </a>
        <button type="button" data-tutorial={game.id} disabled={busy} onClick={onLearn}>
          {t("home.learn")}
        </button>
      </div>
    </article>
  );
}

export function Home() {
  const { t } = useT();
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const who = useAccount();
  useEffect(() => {
    api.catalog().then(setCatalog, (e: Error) => setError(e.message));
  }, []);
  // Signed in, the seat takes the account's name; a guest's is "Player 1".
  const me: SeatRequest = who ? { kind: "me" } : { kind: "me", name: defaultName(0) };

  const start = async (make: () => Promise<string>) => {
    setBusy(true);
    setError("");
    try {
      location.assign(`/play/${await make()}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  // One click: two players, you first seat, an intermediate bot the other; it starts at once.
  const playBot = (game: string) =>
    start(async () => {
      const bot = catalog?.bots.find((b) => b.spec === INTERMEDIATE)?.spec ?? catalog?.bots[0]?.spec ?? "random";
      const created = await api.create({ game, players: 2, seats: [me, { kind: "bot", bot }] });
      holdSeat(created.id, 0, created.tokens["0"], true);
      localStorage.setItem(hostKey(created.id), "0");
      return created.id;
    });
  // The tutorial: the server deals it (seat 0 against a bot); this browser shows its lessons.
  const learn = (game: string) =>
    start(async () => {
      const created = await api.create({ game, players: 2, seats: [me], tutorial: true });
      holdSeat(created.id, 0, created.tokens["0"], true);
      startTutorial(created.id);
      return created.id;
    });

  return (
    <main class="home">
      <SiteNav />
      <LanguageSwitch />
      <h1>zoogames</h1>
      <p class="home-intro">{t("home.intro")}</p>
      {error && (
        <p class="error" data-error>
          {error}
        </p>
      )}
      {!catalog && !error && <p>{t("new.loading")}</p>}
      <div class="home-games">
        {catalog?.games.map((g) => (
          <GameCard key={g.id} game={g} busy={busy} onBot={() => void playBot(g.id)} onLearn={() => void learn(g.id)} />
        ))}
      </div>
      <p class="home-more">
        <a href="/new" data-link="new-game">
          {t("home.all-options")}
        </a>{" "}
        ·{" "}
        <a href="/about" data-link="about">
          {t("new.about")}
        </a>
      </p>
    </main>
  );
}
