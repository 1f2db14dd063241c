// One enclosure as the zoo board prints it: a fenced field of 4, 5 or 6 spaces in two rows
// with its animals, its values on a sign (full / one short, the coins filling it pays), and
// its stall spaces on the path beside it. The enclosure and each stall space are buttons
// while they may be chosen ("e5", "s4a"); each has an accessible name in words.
import type { EnclosureView, StallSpaceView } from "../../api/types";
import { TileGlyph } from "../../components/TileGlyph";
import { kindWords, tileWords } from "../../components/tiles";
import { choiceClass, moveMark, useChoice, usePlay } from "../../play/context";
import { plural } from "../../text/words";
import { t } from "../../i18n";

export const SLOT = 34;
const FENCE = 4;

/** "the 5-space enclosure", "the expansion enclosure" (as the move log names them). */
export function enclosureWords(e: EnclosureView): string {
  return e.name.startsWith("x") ? t("enclosure.expansion") : t("enclosure.sized", { size: e.size });
}

function StallSpace({ space, seat, mine, by }: { space: StallSpaceView; seat: number; mine: boolean; by: string }) {
  const play = usePlay();
  const choice = useChoice(mine ? [[space.name]] : []);
  const words = space.stall ? t("stall.space", { by, stall: tileWords(space.stall) }) : t("stall.empty", { by });
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

/** The field inside the fence: two rows of spaces, filled in reading order. */
function Field({ enclosure }: { enclosure: EnclosureView }) {
  const columns = Math.ceil(enclosure.size / 2);
  const width = columns * SLOT + 2 * FENCE;
  const height = 2 * SLOT + 2 * FENCE;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} class="enclosure-field" aria-hidden="true">
      <rect x={1.5} y={1.5} width={width - 3} height={height - 3} rx={6} class="fence" />
      {Array.from({ length: enclosure.size }, (_, i) => {
        const x = FENCE + (i % columns) * SLOT;
        const y = FENCE + Math.floor(i / columns) * SLOT;
        return i < enclosure.tiles.length ? (
          <TileGlyph key={i} tile={enclosure.tiles[i]} x={x} y={y} size={SLOT} />
        ) : (
          <rect key={i} x={x + 3} y={y + 3} width={SLOT - 6} height={SLOT - 6} rx={4} class="slot-free" />
        );
      })}
    </svg>
  );
}

export function Enclosure({ enclosure, stalls, seat, mine }: { enclosure: EnclosureView; stalls: StallSpaceView[]; seat: number; mine: boolean }) {
  const play = usePlay();
  const choice = useChoice(mine ? [[enclosure.name]] : []);
  const name = enclosureWords(enclosure);
  const held = enclosure.tiles.length > 0 ? t("enclosure.held", { count: enclosure.tiles.length, kind: kindWords(enclosure.tiles[0]) }) : t("enclosure.empty");
  const values = t("enclosure.values", { full: enclosure.points_full, short: enclosure.points_short });
  const pays = enclosure.coins ? t("enclosure.pays", { coins: plural(enclosure.coins, "coins") }) : "";
  const words = t("enclosure.words", { name, held, values: values + pays });
  return (
    <div class="enclosure-area" data-enclosure={enclosure.name} style={{ gridArea: enclosure.name }}>
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
          <span class="value-full" title={t("enclosure.full")}>
            {enclosure.points_full}
          </span>
          <span class="value-short" title={t("enclosure.short")}>
            {enclosure.points_short}
          </span>
          {enclosure.coins > 0 && (
            <span class="value-coins" title={t("enclosure.coins-help", { count: enclosure.coins })}>
              +{enclosure.coins}¢
            </span>
          )}
          {enclosure.points > 0 && (
            <span class="value-now" title={t("enclosure.now-help")}>
              {t("enclosure.now", { n: enclosure.points })}
            </span>
          )}
        </span>
        <Field enclosure={enclosure} />
      </button>
      <div class="stall-spaces">
        {stalls.map((s) => (
          <StallSpace key={s.name} space={s} seat={seat} mine={mine} by={name} />
        ))}
      </div>
    </div>
  );
}
