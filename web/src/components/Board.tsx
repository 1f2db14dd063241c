// The board of the snapshot's game, drawn from its view alone (boards/index.ts).
import type { GameView } from "../api/types";
import { boardOf } from "../boards";
import { t } from "../i18n";

export function Board({ view }: { view: GameView }) {
  const GameBoard = boardOf(view);
  if (!GameBoard) return <p class="error">{t("board.unknown", { game: view.game })}</p>;
  // The skip link's target (pages/Play.tsx): focusable from the link only.
  return (
    <div id="board" tabIndex={-1}>
      <GameBoard view={view} />
    </div>
  );
}
