// One seat's Zooloretto zoo as the cardboard lays it out: the zoo board with its three
// enclosures (6 and 5 spaces above, 4 below) and their stall spaces beside them, the barn in
// its corner; the expansion board(s) below it, face down until turned over, then an
// enclosure of 5 with its own stall space.
import type { EnclosureView, ZooBoardView } from "../../api/types";
import { usePlay } from "../../play/context";
import { Barn } from "./Barn";
import { Enclosure, enclosureWords } from "./Enclosure";
import { t } from "../../i18n";
import { useFit } from "../zoom";

function FaceDown({ enclosure }: { enclosure: EnclosureView }) {
  return (
    <div class="expansion-board face-down" data-enclosure={enclosure.name} role="img" aria-label={t("zoo.face-down", { what: enclosureWords(enclosure) })}>
      <span aria-hidden="true">{t("zoo.expansion-board")}</span>
    </div>
  );
}

export function ZooBoard({ zoo, seat }: { zoo: ZooBoardView; seat: number }) {
  const { me } = usePlay();
  const mine = seat === me;
  // Your own zoo (seat 0's for a spectator) is scaled to fill its column, times the zoom chosen.
  const [ref, fit] = useFit(seat === (me ?? 0));
  const stallsOf = (e: EnclosureView) => zoo.stall_spaces.filter((s) => s.enclosure === e.name);
  const main = zoo.enclosures.filter((e) => !e.name.startsWith("x"));
  const extra = zoo.enclosures.filter((e) => e.name.startsWith("x"));
  return (
    <div class={seat === (me ?? 0) ? "zoo-fit large" : "zoo-fit"}>
      <div class="zoo-board" data-zoo="land" data-seat={seat} ref={ref} style={{ "--fit": String(fit) }}>
        <div class="zoo-main">
          {main.map((e) => (
            <Enclosure key={e.name} enclosure={e} stalls={stallsOf(e)} seat={seat} mine={mine} />
          ))}
          <Barn barn={zoo.barn} seat={seat} mine={mine} />
        </div>
        {extra.length > 0 && (
          <div class="zoo-expansions">
            {extra.map((e) =>
              e.built ? (
                <div key={e.name} class="expansion-board">
                  <Enclosure enclosure={e} stalls={stallsOf(e)} seat={seat} mine={mine} />
                </div>
              ) : (
                <FaceDown key={e.name} enclosure={e} />
              ),
            )}
          </div>
        )}
      </div>
    </div>
  );
}
