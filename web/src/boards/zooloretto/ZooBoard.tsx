// One seat's Zooloretto zoo: its enclosures with their stall spaces, and its barn.
import type { ZooBoardView } from "../../api/types";
import { usePlay } from "../../play/context";
import { Barn } from "./Barn";
import { Enclosure } from "./Enclosure";

export function ZooBoard({ zoo, seat }: { zoo: ZooBoardView; seat: number }) {
  const { me } = usePlay();
  const mine = seat === me;
  return (
    <div class="zoo-board" data-zoo="land" data-seat={seat}>
      {zoo.enclosures.map((e) => (
        <Enclosure key={e.name} enclosure={e} stalls={zoo.stall_spaces.filter((s) => s.enclosure === e.name)} seat={seat} mine={mine} />
      ))}
      <Barn barn={zoo.barn} seat={seat} mine={mine} />
      <span class="zoo-facts">expansion boards left: {zoo.expansions_left}</span>
    </div>
  );
}
