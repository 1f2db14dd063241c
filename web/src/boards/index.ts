// Every game's board, keyed by the game's id (the server's catalog ids). One entry per game:
// tests/test_web_boards.py checks that every game the server knows has one.
import type { ComponentType } from "preact";
import type { GameView } from "../api/types";
import { AquarettoBoard } from "./aquaretto/AquarettoBoard";
import { CombinedBoard } from "./combined/CombinedBoard";
import { DesignerBoard } from "./designer/DesignerBoard";
import { ZoolorettoBoard } from "./zooloretto/ZoolorettoBoard";

/** A board for each game whose view the engine declares, taking that game's view: the
 * compiler checks that no game is missing and that each board reads its own view. */
export type Boards = { [G in GameView["game"]]: ComponentType<{ view: Extract<GameView, { game: G }> }> };

export const BOARDS: Boards = {
  aquaretto: AquarettoBoard,
  zooloretto: ZoolorettoBoard,
  "aquaretto-zooloretto": CombinedBoard,
  "aquarium-designer": DesignerBoard,
};

export function boardOf(view: GameView): ComponentType<{ view: GameView }> | null {
  // The view's `game` names the board that takes it, a link TypeScript does not follow
  // through the union; `undefined` stays possible for a game a newer server might send.
  return (BOARDS[view.game] as ComponentType<{ view: GameView }> | undefined) ?? null;
}
