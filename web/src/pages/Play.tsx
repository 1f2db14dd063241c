// The game page (route `/play/{id}`): the board, the actions the seat may take now, the
// move log, live scores on demand, links for the creator; at the end the score sheet and
// the replay. Every choice comes from the snapshot's legal list.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api } from "../api/http";
import { storedInvites } from "../api/invites";
import type { Catalog, LogEntry, Snapshot } from "../api/types";
import { ActionBar } from "../components/ActionBar";
import { Board } from "../components/Board";
import { ErrorBanner } from "../components/ErrorBanner";
import { GameReview, useReview } from "../components/GameReview";
import { HintBox } from "../components/HintBox";
import { InviteLinks } from "../components/InviteLinks";
import { JoinForm } from "../components/JoinForm";
import { SeatSwitcher } from "../components/SeatSwitcher";
import { MoveLog, entryText } from "../components/MoveLog";
import { Replay } from "../components/Replay";
import { RulesSummary } from "../components/RulesSummary";
import { Outcome } from "../components/Outcome";
import { ScoreSheet } from "../components/ScoreSheet";
import { TurnBanner } from "../components/TurnBanner";
import { PlayContext } from "../play/context";
import { Flights } from "../play/Flights";
import { useControls } from "../play/useControls";
import { useGame } from "../play/useGame";
import { PACES, storePace, storedPace, usePaced } from "../play/usePaced";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { t } from "../i18n";
import { gameName, seatLabel } from "../text/words";
import { Chat, Clock, TableActions, Waiting } from "../components/TableExtras";
import { activeToken } from "../api/tokens";
import { markedTitle, people } from "../play/table";
import { useDeviceTokens } from "../account/account";
import { TutorialPanel, useTutorial } from "../tutorial/TutorialPanel";
import { loadProgress } from "../tutorial/lessons";
import { useShortcuts } from "../play/shortcuts";

/** Where the choice of the title's turn mark is remembered ("on"; off until chosen). */
const MARK_KEY = "zoogames:title-mark";

/** Each seat's name; two seats of the same name are told apart by their seat numbers. */
export function seatNames(s: Snapshot): string[] {
  const names = s.seats.map(seatLabel);
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? t("seat.same-name", { name: n, n: i + 1 }) : n));
}

/** The game's name from the server's catalog (the id until the catalog has come). */
function useGameName(gameId: string | undefined): string {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  useEffect(() => {
    api.catalog().then(setCatalog, () => undefined);
  }, []);
  return gameId ? gameName(gameId, catalog?.games.find((g) => g.id === gameId)?.name) : "";
}

/** The tab's title says whose turn it is, so a player in another tab sees theirs come. */
function useTitle(snapshot: Snapshot | null, game: string, names: string[], mark: boolean): void {
  // A table waiting for players has nobody to move yet.
  const to = snapshot && !snapshot.open_seats.length ? snapshot.view.to_move : null;
  const title = !snapshot
    ? "zoogames"
    : snapshot.status === "over"
      ? t("title.over", { game })
      : to !== null && to === snapshot.you
        ? t("title.yours", { game })
        : to === null
          ? game
          : t("title.other", { name: names[to], game });
  // The mark the player may turn on: it stands out among many tabs.
  const yours = !!snapshot && snapshot.status === "playing" && to !== null && to === snapshot.you && !snapshot.open_seats.length;
  const shown = markedTitle(title, t("title.mark"), yours, mark);
  useEffect(() => {
    document.title = shown;
  }, [shown]);
}

/** Each seat's last action in `log` (its notation), for the board to mark. */
function lastActions(log: LogEntry[], players: number): (string | null)[] {
  const last: (string | null)[] = Array.from({ length: players }, () => null);
  for (const e of log) last[e.seat] = e.action;
  return last;
}

/** A short tone when the player's turn comes, if they asked for sound. */
function useTurnSound(mine: boolean, on: boolean): void {
  useEffect(() => {
    if (!mine || !on) return;
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.3);
    } catch {
      // No audio here: the title and the banner still say it.
    }
  }, [mine, on]);
}

export function Play({ id }: { id: string }) {
  useDeviceTokens(id); // before useGame reads the fragment: a link's secret is kept
  const game = useGame(id);
  const [pace, setPace] = useState(storedPace);
  const [sound, setSound] = useState(() => localStorage.getItem("zoogames:sound") === "on");
  const [mark, setMark] = useState(() => localStorage.getItem(MARK_KEY) === "on");
  const snapshot = usePaced(game.snapshot, pace);
  // A bot thinks about the position the server holds: say so once the board shows it, not
  // while earlier moves are still being shown one by one (the banner would name another seat).
  const thinking = snapshot !== null && snapshot.number === game.snapshot?.number ? game.thinking : null;
  const log = useMemo(() => (snapshot ? game.log.filter((e) => e.number < snapshot.number) : []), [game.log, snapshot]);
  const tutorial = useTutorial(id, snapshot, log);
  const [spotlight, setSpotlight] = useState<LogEntry | null>(null);
  const [hinted, setHinted] = useState<string | null>(null);
  // A tutorial shows the live scores from the start: the learner sees what each move earns.
  const [showScores, setShowScores] = useState(() => loadProgress(id) !== null);
  const [replayAt, setReplayAt] = useState<number | null>(null);
  const review = useReview(id, snapshot?.status === "over");
  const invites = useMemo(() => storedInvites(id), [id]);
  const names = snapshot ? seatNames(snapshot) : [];
  const gameTitle = useGameName(snapshot?.game);
  useTitle(snapshot, gameTitle, names, mark);
  const marked = hinted ?? tutorial.action;
  const controls = useControls({
    // A table waiting for players refuses every action (docs/api.md, Seats): offer none.
    legal: snapshot && !game.refused && !snapshot.open_seats.length ? snapshot.view.legal : [],
    position: snapshot?.number ?? 0,
    me: game.refused || !snapshot ? null : snapshot.you,
    names,
    thinking,
    showScores,
    onSend: game.act,
    last: snapshot ? lastActions(log, snapshot.view.players) : [],
    // A hovered log entry, else the hint's suggested action, else the lesson's, is marked on the board.
    spotlight: spotlight ? { seat: spotlight.seat, action: spotlight.action } : marked && snapshot ? { seat: snapshot.you ?? 0, action: marked } : null,
  });
  // D draws, A–E take or load a truck, U undoes, H asks for a hint, ? the rules and the keys.
  useShortcuts(controls.choices.legal, controls.send);
  useTurnSound(!!snapshot && snapshot.status === "playing" && snapshot.view.to_move === snapshot.you && snapshot.you !== null, sound);

  if (!snapshot) {
    return (
      <main class="play">
        <SiteNav />
        <LanguageSwitch />
        {game.error ? <ErrorBanner id={id} error={game.error} refused={game.refused} status={game.errorStatus} /> : <p>{t("play.connecting")}</p>}
      </main>
    );
  }

  const you = snapshot.you;
  const token = game.refused ? null : activeToken(id);
  // A table waiting for players: nobody is to move yet (the Waiting panel says who is missing).
  const waiting = snapshot.open_seats.length > 0;
  const invited = game.refused ? null : snapshot.invited; // an invitation joins first
  const joining = invited !== null || (!game.refused && you !== null && snapshot.seats[you]?.kind === "human" && !snapshot.seats[you].joined);
  const over = snapshot.status === "over";
  // Waiting for players, nobody is to move: no seat panel says "to move".
  const view = waiting ? { ...snapshot.view, to_move: null } : snapshot.view;
  const rank = ("rank" in view ? view.rank : null) ?? undefined;

  return (
    <PlayContext.Provider value={controls}>
      <main
        class="play"
        data-game={snapshot.game}
        data-number={snapshot.number}
        data-received={game.snapshot?.number ?? snapshot.number}
        data-status={snapshot.status}
        data-you={you ?? ""}
        data-legal={JSON.stringify(controls.choices.legal)}
      >
        {/* First, before the site's links: a keyboard reaches the board in one Tab and Enter. */}
        <a class="skip-link" href="#board" data-link="skip">
          {t("keys.skip")}
        </a>
        <SiteNav />
        <header class="play-header">
          <h1>{gameTitle}</h1>
          <span class={game.online ? "online" : "offline"} data-online={game.online ? "yes" : "no"}>
            {game.online ? t("play.online") : t("play.offline")}
          </span>
          {you === null && <span class="spectator">{t("play.watching")}</span>}
          {!over && !waiting && view.to_move !== null && (
            <span class="whose-turn" data-to-move={view.to_move}>
              {view.to_move === you ? t("play.your-turn") : t("play.to-move", { name: names[view.to_move] })}
            </span>
          )}
          {!over && snapshot.deadline && (
            <Clock deadline={snapshot.deadline} mine={view.to_move === you && you !== null} forfeit={snapshot.on_timeout === "forfeit"} />
          )}
          {thinking !== null && (
            <span class="thinking" data-thinking={thinking}>
              {t("turn.thinking", { name: names[thinking] })}
            </span>
          )}
          <label class="toggle">
            <input type="checkbox" data-action="show-scores" checked={showScores} onChange={() => setShowScores(!showScores)} /> {t("play.live-scores")}
          </label>
          <RulesSummary game={snapshot.game} />
          <details class="settings">
            <summary>{t("play.settings")}</summary>
            <div class="settings-body">
              <label>
                {t("play.pace")}{" "}
                <select
                  data-field="pace"
                  value={String(pace)}
                  onChange={(e) => {
                    const v = Number((e.target as HTMLSelectElement).value);
                    storePace(v);
                    setPace(v);
                  }}
                >
                  {PACES.map(([ms, word]) => (
                    <option key={ms} value={String(ms)}>
                      {word()}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <input
                  type="checkbox"
                  data-action="sound"
                  checked={sound}
                  onChange={() => {
                    localStorage.setItem("zoogames:sound", sound ? "off" : "on");
                    setSound(!sound);
                  }}
                />{" "}
                {t("play.sound")}
              </label>
              <label>
                <input
                  type="checkbox"
                  data-action="title-mark"
                  checked={mark}
                  onChange={() => {
                    localStorage.setItem(MARK_KEY, mark ? "off" : "on");
                    setMark(!mark);
                  }}
                />{" "}
                {t("table.title-mark")}
              </label>
              <a href="/about">{t("play.about")}</a>
            </div>
          </details>
          <LanguageSwitch />
        </header>
        {game.error && <ErrorBanner id={id} error={game.error} refused={game.refused} status={game.errorStatus} />}
        <SeatSwitcher id={id} names={names} />
        {joining && (invited ?? you) !== null && <JoinForm seat={(invited ?? you) as number} onJoin={game.join} />}
        <Waiting id={id} snapshot={snapshot} token={token} />
        {/* Whose turn, the lesson and the actions stay in sight together while the board scrolls. */}
        <div class="turn-strip">
          {!over && !waiting && <TurnBanner view={view} you={you} names={names} thinking={thinking} />}
          <p class="sr-only" aria-live="polite" data-announce>
            {log.length > 0 ? `${entryText(log[log.length - 1], names)}.` : ""}
          </p>
          <TutorialPanel tutorial={tutorial} />
          {!over && <ActionBar canUndo={snapshot.can_undo && !game.refused} onUndo={game.undo} />}
        </div>
        {!over && <HintBox id={id} snapshot={snapshot} token={token} names={names} onShow={setHinted} />}
        {showScores && !over && <ScoreSheet scores={view.scores} names={names} result={null} />}
        {over && (
          <section class="game-over">
            <h2>{t("play.final-scores")}</h2>
            <Outcome scores={view.scores} result={snapshot.result} names={names} you={game.refused ? null : you} rank={rank} />
            <ScoreSheet scores={view.scores} names={names} result={snapshot.result} rank={rank} />
            {replayAt === null && (
              <button type="button" data-action="replay" onClick={() => setReplayAt(0)}>
                {t("play.replay")}
              </button>
            )}
            <GameReview state={review} names={names} total={snapshot.number} onOpen={setReplayAt} />
          </section>
        )}
        {replayAt !== null && over ? (
          <Replay id={id} total={snapshot.number} names={names} n={replayAt} onStep={setReplayAt} decision={review.byNumber.get(replayAt)} />
        ) : (
          <Flights log={log} number={snapshot.number} over={over}>
            <Board view={view} />
          </Flights>
        )}
        {/* The links first: an invited player waits for them at the start, when the log is short. */}
        <aside class="side">
          <div class="links-box">
            <InviteLinks id={id} invites={invites} names={names} seats={snapshot.seats} />
          </div>
          <MoveLog
            log={log}
            names={names}
            events={snapshot.events}
            current={replayAt === null ? null : replayAt - 1}
            onShow={replayAt === null ? setSpotlight : undefined}
          />
          {/* After the log: the table's chat and its way out, below what a turn needs. */}
          <TableActions id={id} snapshot={snapshot} token={token} names={names} />
          <Chat id={id} token={token} you={you} names={names} humans={people(snapshot.seats)} events={snapshot.events} />
        </aside>
      </main>
    </PlayContext.Provider>
  );
}
