// The board of the snapshot's game, drawn from its view alone.
import type { GameView } from "../api/types";
import { AquarettoBoard } from "../boards/aquaretto/AquarettoBoard";
import { CombinedBoard } from "../boards/combined/CombinedBoard";
import { DesignerBoard } from "../boards/designer/DesignerBoard";
import { ZoolorettoBoard } from "../boards/zooloretto/ZoolorettoBoard";

export function Board({ view }: { view: GameView }) {
  switch (view.game) {
    case "aquaretto":
      return <AquarettoBoard view={view} />;
    case "zooloretto":
      return <ZoolorettoBoard view={view} />;
    case "aquaretto-zooloretto":
      return <CombinedBoard view={view} />;
    case "aquarium-designer":
      return <DesignerBoard view={view} />;
  }
}
