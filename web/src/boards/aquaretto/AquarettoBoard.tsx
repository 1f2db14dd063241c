// Aquaretto: the trucks in the middle, then each seat's water zoo (the viewer's first).
import type { AquarettoView } from "../../api/types";
import { Legend } from "../../components/Legend";
import { SeatPanel } from "../../components/SeatPanel";
import { Seats } from "../../components/Seats";
import { Took } from "../../components/Took";
import { TruckTable } from "../../components/TruckTable";
import { usePlay } from "../../play/context";
import { WaterZooPanel } from "./WaterZooPanel";
import { t } from "../../i18n";
import { ZoomControl, useZoom, zoomStyle } from "../zoom";

export function AquarettoBoard({ view }: { view: AquarettoView }) {
  const [zoom, setZoom] = useZoom();
  const { me } = usePlay();
  return (
    <div class="board" data-board="aquaretto" style={zoomStyle(zoom)}>
      <TruckTable view={view} back="aquaretto" extra={<span>{t("aquaretto.supply", { count: view.supply })}</span>} />
      <Legend species={view.species} />
      <ZoomControl zoom={zoom} onZoom={setZoom} />
      <Seats players={view.players} toMove={view.to_move}>
        {(seat) => (
          <SeatPanel view={view} seat={seat} coins={view.coins[seat]} info={<Took truck={view.zoos[seat].truck} />}>
            <WaterZooPanel zoo={view.zoos[seat]} seat={seat} small={seat !== (me ?? 0)} />
          </SeatPanel>
        )}
      </Seats>
    </div>
  );
}
