// The board of the snapshot's game, drawn from its view alone (boards/index.ts).
import type { GameView } from "../api/types";
import { boardOf } from "../boards";

export function Board({ view }: { view: GameView }) {
  const GameBoard = boardOf(view);
  if (!GameBoard) return <p class="error">This page cannot draw a board of {view.game} yet.</p>;
  return <GameBoard view={view} />;
}
