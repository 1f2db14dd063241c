// Zooloretto: the trucks in the middle, then each seat's zoo board and barn (the viewer's first).
import type { ZoolorettoView } from "../../api/types";
import { Legend } from "../../components/Legend";
import { SeatPanel } from "../../components/SeatPanel";
import { Took } from "../../components/Took";
import { TruckTable } from "../../components/TruckTable";
import { usePlay } from "../../play/context";
import { seatOrder } from "../seatOrder";
import { ZooBoard } from "./ZooBoard";

export function ZoolorettoBoard({ view }: { view: ZoolorettoView }) {
  const { me } = usePlay();
  return (
    <div class="board" data-board="zooloretto">
      <TruckTable view={view} />
      <Legend species={view.species} />
      <div class="seats">
        {seatOrder(view.players, me).map((seat) => (
          <SeatPanel key={seat} view={view} seat={seat} coins={view.coins[seat]} info={<Took truck={view.zoos[seat].truck} />}>
            <ZooBoard zoo={view.zoos[seat]} seat={seat} />
          </SeatPanel>
        ))}
      </div>
    </div>
  );
}
