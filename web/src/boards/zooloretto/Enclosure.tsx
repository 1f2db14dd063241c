// One enclosure as the zoo board prints it: a fenced field of 4, 5 or 6 spaces with its
// animals, its values on a sign (full / one short, the coins filling it pays), and its
// stall spaces beside it. The enclosure and each stall space are buttons while they may be
// chosen ("e5", "s4a"); each has an accessible name in words.
import type { EnclosureView, StallSpaceView } from "../../api/types";
import { TileGlyph } from "../../components/TileGlyph";
import { kindWords, tileWords } from "../../components/tiles";
import { choiceClass, moveMark, useChoice, usePlay } from "../../play/context";
import { plural } from "../../text/words";

const SLOT = 34;

/** "the 5-space enclosure", "the expansion enclosure" (as the move log names them). */
export function enclosureWords(e: EnclosureView): string {
  return e.name.startsWith("x") ? "the expansion enclosure" : `the ${e.size}-space enclosure`;
}

function StallSpace({ space, seat, mine, by }: { space: StallSpaceView; seat: number; mine: boolean; by: string }) {
  const play = usePlay();
  const choice = useChoice(mine ? [[space.name]] : []);
  const words = `stall space by ${by}: ${space.stall ? `${tileWords(space.stall)} stall` : "empty"}`;
  return (
    <button
      type="button"
      class={choiceClass(choice, `stall-space ${moveMark(play, seat, space.name)}`)}
      data-place={space.name}
      data-seat={seat}
      disabled={!choice.enabled}
      onClick={choice.onClick}
      title={words}
      aria-label={words}
    >
      <svg width={SLOT} height={SLOT} viewBox={`0 0 ${SLOT} ${SLOT}`} aria-hidden="true">
        {space.stall ? (
          <TileGlyph tile={space.stall} x={0} y={0} size={SLOT} />
        ) : (
          <rect x={3} y={3} width={SLOT - 6} height={SLOT - 6} rx={SLOT / 2} class="slot-free" />
        )}
      </svg>
    </button>
  );
}

export function Enclosure({ enclosure, stalls, seat, mine }: { enclosure: EnclosureView; stalls: StallSpaceView[]; seat: number; mine: boolean }) {
  const play = usePlay();
  const choice = useChoice(mine ? [[enclosure.name]] : []);
  const width = enclosure.size * SLOT;
  const built = enclosure.built;
  const name = enclosureWords(enclosure);
  const held = enclosure.tiles.length > 0 ? `${plural(enclosure.tiles.length, kindWords(enclosure.tiles[0]))}` : "empty";
  const words = built
    ? `${name}: ${held}; full ${enclosure.points_full} points, one short ${enclosure.points_short}${enclosure.coins ? `, filling it pays ${plural(enclosure.coins, "coin")}` : ""}`
    : `expansion board, still face down: ${name} is not built`;
  return (
    <div class={built ? "enclosure-row" : "enclosure-row unbuilt"} data-enclosure={enclosure.name}>
      <button
        type="button"
        class={choiceClass(choice, `enclosure ${moveMark(play, seat, enclosure.name)}`)}
        data-place={enclosure.name}
        data-seat={seat}
        disabled={!choice.enabled}
        onClick={choice.onClick}
        title={words}
      >
        <span class="sr-only">{words}</span>
        <span class="enclosure-sign" aria-hidden="true">
          {built ? (
            <>
              <span class="value-full">{enclosure.points_full}</span>
              <span class="value-short">{enclosure.points_short}</span>
              {enclosure.coins > 0 && <span class="value-coins">+{enclosure.coins}¢</span>}
              {enclosure.points > 0 && <span class="value-now">now {enclosure.points}</span>}
            </>
          ) : (
            <span>expansion board</span>
          )}
        </span>
        <svg width={width} height={SLOT} viewBox={`0 0 ${width} ${SLOT}`} class="enclosure-slots" aria-hidden="true">
          {Array.from({ length: enclosure.size }, (_, i) =>
            i < enclosure.tiles.length ? (
              <TileGlyph key={i} tile={enclosure.tiles[i]} x={i * SLOT} y={0} size={SLOT} />
            ) : (
              <rect key={i} x={i * SLOT + 3} y={3} width={SLOT - 6} height={SLOT - 6} rx={4} class="slot-free" />
            ),
          )}
        </svg>
      </button>
      {built && stalls.map((s) => <StallSpace key={s.name} space={s} seat={seat} mine={mine} by={name} />)}
    </div>
  );
}
