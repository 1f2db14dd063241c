// Every game's board, keyed by the game's id (the server's catalog ids). One entry per game:
// tests/test_web_boards.py checks that every game the server knows has one.
import type { ComponentType } from "preact";
import type { GameView } from "../api/types";
import { AquarettoBoard } from "./aquaretto/AquarettoBoard";
import { CombinedBoard } from "./combined/CombinedBoard";
import { DesignerBoard } from "./designer/DesignerBoard";
import { ZoolorettoBoard } from "./zooloretto/ZoolorettoBoard";

// Each board takes its own game's view; the map is read with the view's `game`, which
// names the board that fits it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const BOARDS: Record<string, ComponentType<{ view: any }>> = {
  aquaretto: AquarettoBoard,
  zooloretto: ZoolorettoBoard,
  "aquaretto-zooloretto": CombinedBoard,
  "aquarium-designer": DesignerBoard,
};

export function boardOf(view: GameView): ComponentType<{ view: GameView }> | null {
  return BOARDS[view.game] ?? null;
}
