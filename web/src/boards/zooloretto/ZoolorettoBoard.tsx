// Zooloretto: the trucks in the middle, then each seat's zoo board and barn (the viewer's first).
import type { ZoolorettoView } from "../../api/types";
import { Legend } from "../../components/Legend";
import { SeatPanel } from "../../components/SeatPanel";
import { Seats } from "../../components/Seats";
import { Took } from "../../components/Took";
import { TruckTable } from "../../components/TruckTable";
import { ZooBoard } from "./ZooBoard";
import { ZoomControl, useZoom, zoomStyle } from "../zoom";

export function ZoolorettoBoard({ view }: { view: ZoolorettoView }) {
  const [zoom, setZoom] = useZoom();
  return (
    <div class="board" data-board="zooloretto" style={zoomStyle(zoom)}>
      <TruckTable view={view} back="zooloretto" />
      <Legend species={view.species} />
      <ZoomControl zoom={zoom} onZoom={setZoom} />
      <Seats players={view.players} toMove={view.to_move}>
        {(seat) => (
          <SeatPanel view={view} seat={seat} coins={view.coins[seat]} info={<Took truck={view.zoos[seat].truck} />}>
            <ZooBoard zoo={view.zoos[seat]} seat={seat} />
          </SeatPanel>
        )}
      </Seats>
    </div>
  );
}
