// The game page (route `/play/{id}`): the board, the actions the seat may take now, the
// move log, live scores on demand, links for the creator; at the end the score sheet and
// the replay. Every choice comes from the snapshot's legal list.
import { useMemo, useState } from "preact/hooks";
import { storedInvites } from "../api/invites";
import type { Snapshot } from "../api/types";
import { ActionBar } from "../components/ActionBar";
import { Board } from "../components/Board";
import { ErrorBanner } from "../components/ErrorBanner";
import { InviteLinks } from "../components/InviteLinks";
import { JoinForm } from "../components/JoinForm";
import { SeatSwitcher } from "../components/SeatSwitcher";
import { MoveLog } from "../components/MoveLog";
import { Replay } from "../components/Replay";
import { ScoreSheet } from "../components/ScoreSheet";
import { PlayContext } from "../play/context";
import { useControls } from "../play/useControls";
import { useGame } from "../play/useGame";

const GAME_NAMES: Record<string, string> = {
  aquaretto: "Aquaretto",
  zooloretto: "Zooloretto",
  "aquaretto-zooloretto": "Aquaretto with Zooloretto",
  "aquarium-designer": "Aquarium Designer",
};

// A bot's name in the log and on its panel: "Greedy bot", "MCTS bot (2 s)", not its spec.
export function botName(spec: string | null | undefined): string {
  if (!spec) return "Bot";
  const [kind, params = ""] = spec.split(":", 2);
  const title = kind === "mcts" ? "MCTS" : kind.charAt(0).toUpperCase() + kind.slice(1);
  const seconds = /(?:^|,)seconds=([0-9.]+)/.exec(params);
  return seconds ? `${title} bot (${seconds[1]} s)` : params ? `${title} bot (${params})` : `${title} bot`;
}

function seatNames(s: Snapshot): string[] {
  return s.seats.map((seat) => seat.name ?? (seat.kind === "bot" ? botName(seat.bot) : `Seat ${seat.seat + 1}`));
}

export function Play({ id }: { id: string }) {
  const game = useGame(id);
  const { snapshot } = game;
  const [showScores, setShowScores] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const invites = useMemo(() => storedInvites(id), [id]);
  const names = snapshot ? seatNames(snapshot) : [];
  const controls = useControls({
    legal: snapshot && !game.refused ? snapshot.view.legal : [],
    position: snapshot?.number ?? 0,
    me: game.refused || !snapshot ? null : snapshot.you,
    names,
    thinking: game.thinking,
    showScores,
    onSend: game.act,
  });

  if (!snapshot) {
    return (
      <main class="play">
        {game.error ? <ErrorBanner id={id} error={game.error} refused={game.refused} /> : <p>Connecting…</p>}
      </main>
    );
  }

  const you = snapshot.you;
  const invited = game.refused ? null : (snapshot.invited ?? null); // an invitation joins first
  const joining = invited !== null || (!game.refused && you !== null && snapshot.seats[you]?.kind === "human" && !snapshot.seats[you].joined);
  const over = snapshot.status === "over";
  const view = snapshot.view;

  return (
    <PlayContext.Provider value={controls}>
      <main class="play" data-game={snapshot.game} data-number={snapshot.number} data-status={snapshot.status} data-you={you ?? ""} data-legal={JSON.stringify(controls.choices.legal)}>
        <header class="play-header">
          <a href="/">zoogames</a>
          <h1>{GAME_NAMES[snapshot.game] ?? snapshot.game}</h1>
          <span class={game.online ? "online" : "offline"} data-online={game.online ? "yes" : "no"}>
            {game.online ? "connected" : "offline — reconnecting…"}
          </span>
          {you === null && <span class="spectator">watching</span>}
          {!over && view.to_move !== null && (
            <span class="whose-turn" data-to-move={view.to_move}>
              {view.to_move === you ? "your turn" : `${names[view.to_move]} to move`}
            </span>
          )}
          {game.thinking !== null && <span class="thinking" data-thinking={game.thinking}>{names[game.thinking]} is thinking…</span>}
          <label class="toggle">
            <input type="checkbox" data-action="show-scores" checked={showScores} onChange={() => setShowScores(!showScores)} /> live scores
          </label>
        </header>
        {game.error && <ErrorBanner id={id} error={game.error} refused={game.refused} />}
        <SeatSwitcher id={id} names={names} />
        {joining && (invited ?? you) !== null && <JoinForm seat={(invited ?? you) as number} onJoin={game.join} />}
        {!over && <ActionBar canUndo={snapshot.can_undo && !game.refused} onUndo={game.undo} />}
        {showScores && !over && <ScoreSheet scores={view.scores} names={names} result={null} />}
        {over && (
          <section class="game-over">
            <h2>Final scores</h2>
            <ScoreSheet scores={view.scores} names={names} result={snapshot.result} />
            {!replaying && (
              <button type="button" data-action="replay" onClick={() => setReplaying(true)}>
                Replay the game
              </button>
            )}
          </section>
        )}
        {replaying && over ? <Replay id={id} total={snapshot.number} names={names} /> : <Board view={view} />}
        <MoveLog log={game.log} names={names} />
        <InviteLinks id={id} invites={invites} names={names} seats={snapshot.seats} />
      </main>
    </PlayContext.Provider>
  );
}
