// Aquaretto with Zooloretto: one truck table with two piles, and both zoos of every seat.
import type { AquarettoZoolorettoView } from "../../api/types";
import { Legend } from "../../components/Legend";
import { SeatPanel } from "../../components/SeatPanel";
import { Seats } from "../../components/Seats";
import { Took } from "../../components/Took";
import { TruckTable } from "../../components/TruckTable";
import { usePlay } from "../../play/context";
import { WaterZooPanel } from "../aquaretto/WaterZooPanel";
import { ZooBoard } from "../zooloretto/ZooBoard";
import { t } from "../../i18n";
import { ZoomControl, useZoom, zoomStyle } from "../zoom";

export function CombinedBoard({ view }: { view: AquarettoZoolorettoView }) {
  const [zoom, setZoom] = useZoom();
  const { me } = usePlay();
  return (
    <div class="board" data-board="aquaretto-zooloretto" style={zoomStyle(zoom)}>
      <TruckTable view={view} back="aquaretto" extra={<span>{t("aquaretto.supply", { count: view.supply })}</span>} />
      <Legend species={[...view.water_species, ...view.zoo_species]} />
      <ZoomControl zoom={zoom} onZoom={setZoom} />
      <Seats players={view.players} toMove={view.to_move}>
        {(seat) => (
          <SeatPanel view={view} seat={seat} coins={view.coins[seat]} info={<Took truck={view.zoos[seat].truck} />}>
            <div class="two-zoos">
              <WaterZooPanel zoo={view.water_zoos[seat]} seat={seat} small={seat !== (me ?? 0)} />
              <ZooBoard zoo={view.zoos[seat]} seat={seat} />
            </div>
          </SeatPanel>
        )}
      </Seats>
    </div>
  );
}
