// A depot board: its tiles as a stack, the top one face up and one layer beneath it for each
// tile under it (up to five), its count beside; the whole stack on demand. For the seat that
// plays it is where tiles go ("depot"); another seat's is where one buys ("2").
import { useState } from "preact/hooks";
import { TileButton, TileGlyph } from "../../components/TileGlyph";
import { kindWords, tileWords } from "../../components/tiles";
import { kindCounts } from "../group";
import { choiceClass, moveMark, useChoice, usePlay } from "../../play/context";
import { plural } from "../../text/words";
import { t } from "../../i18n";

const TILE = 34;
const UNDER = 5;
const STEP = 3;

export function Depot({ depot, seat }: { depot: string[]; seat: number }) {
  const play = usePlay();
  const { me } = play;
  const [open, setOpen] = useState(false);
  const choice = useChoice(seat === me ? [["depot"]] : [[String(seat)]]);
  const top = depot.length > 0 ? depot[depot.length - 1] : null;
  const under = Math.min(UNDER, Math.max(0, depot.length - 1));
  const words = top
    ? t("depot.words-top", { tiles: plural(depot.length, "tiles"), top: tileWords(top) })
    : t("depot.words", { tiles: plural(depot.length, "tiles") });
  return (
    <div class="depot">
      <button
        type="button"
        class={choiceClass(choice, "depot-top")}
        data-place="depot"
        data-seat={seat}
        disabled={!choice.enabled}
        onClick={choice.onClick}
        title={words}
        aria-label={words}
      >
        <svg
          width={TILE + 2 + UNDER * STEP}
          height={TILE + 2 + UNDER * STEP}
          viewBox={`0 0 ${TILE + 2 + UNDER * STEP} ${TILE + 2 + UNDER * STEP}`}
          aria-hidden="true"
        >
          {Array.from({ length: under }, (_, i) => (
            <rect key={i} x={1 + (UNDER - i) * STEP} y={1 + (UNDER - i) * STEP} width={TILE} height={TILE} rx={5} class="depot-layer" />
          ))}
          {top ? (
            <TileGlyph tile={top} x={1 + (UNDER - under) * STEP} y={1 + (UNDER - under) * STEP} size={TILE} class={moveMark(play, seat, "depot")} />
          ) : (
            <rect x={1 + UNDER * STEP} y={1 + UNDER * STEP} width={TILE} height={TILE} rx={5} class="slot-free" />
          )}
        </svg>
        <span>{t("depot.count", { n: depot.length })}</span>
      </button>
      {/* What the depot will cost: each species in it (2 points each), with its number of tiles. */}
      {depot.length > 1 && (
        <span
          class="depot-species"
          data-depot-species={kindCounts(depot)
            .map((k) => `${k.kind} ${k.count}`)
            .join(", ")}
        >
          {kindCounts(depot).map(({ kind, count }) => (
            <span key={kind} class="tile-group" title={`${kindWords(kind)} ${t("tiles.times", { count })}`}>
              <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden="true">
                <TileGlyph tile={kind} x={0} y={0} size={20} />
              </svg>
              <span class="tile-count">{t("tiles.times", { count })}</span>
            </span>
          ))}
        </span>
      )}
      {depot.length > 1 && (
        <button type="button" class="link" data-action="depot-stack" data-seat={seat} onClick={() => setOpen(!open)}>
          {open ? t("depot.hide") : t("depot.show")}
        </button>
      )}
      {open && (
        <div class="depot-stack" data-stack={seat}>
          {depot
            .slice()
            .reverse()
            .map((tile, i) => (
              <TileButton key={i} tile={tile} role="depot-stack" size={28} />
            ))}
        </div>
      )}
    </div>
  );
}
