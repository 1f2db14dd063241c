// One enclosure: a row of spaces with its animals, its values (full, one short, coins),
// and its stall spaces beside it. The enclosure and each stall space are buttons while
// they may be chosen ("e5", "s4a").
import type { EnclosureView, StallSpaceView } from "../../api/types";
import { TileGlyph } from "../../components/TileGlyph";
import { choiceClass, useChoice } from "../../play/context";

const SLOT = 34;

function StallSpace({ space, seat, mine }: { space: StallSpaceView; seat: number; mine: boolean }) {
  const choice = useChoice(mine ? [[space.name]] : []);
  return (
    <button
      type="button"
      class={choiceClass(choice, "stall-space")}
      data-place={space.name}
      data-seat={seat}
      disabled={!choice.enabled}
      onClick={choice.onClick}
      title={`stall space ${space.name}`}
    >
      <svg width={SLOT} height={SLOT} viewBox={`0 0 ${SLOT} ${SLOT}`}>
        {space.stall ? (
          <TileGlyph tile={space.stall} x={0} y={0} size={SLOT} />
        ) : (
          <rect x={3} y={3} width={SLOT - 6} height={SLOT - 6} rx={SLOT / 2} class="slot-free" />
        )}
      </svg>
      <small>{space.name}</small>
    </button>
  );
}

export function Enclosure({ enclosure, stalls, seat, mine }: { enclosure: EnclosureView; stalls: StallSpaceView[]; seat: number; mine: boolean }) {
  const choice = useChoice(mine ? [[enclosure.name]] : []);
  const width = enclosure.size * SLOT;
  const built = enclosure.built;
  return (
    <div class={built ? "enclosure-row" : "enclosure-row unbuilt"}>
      <button
        type="button"
        class={choiceClass(choice, "enclosure")}
        data-place={enclosure.name}
        data-seat={seat}
        disabled={!choice.enabled}
        onClick={choice.onClick}
      >
        <span class="enclosure-label">
          <strong>{enclosure.name}</strong>
          {built
            ? ` full ${enclosure.points_full} · one short ${enclosure.points_short}${enclosure.coins ? ` · ${enclosure.coins} coin${enclosure.coins > 1 ? "s" : ""}` : ""}${enclosure.points ? ` · now ${enclosure.points}` : ""}`
            : " not built"}
        </span>
        <svg width={width} height={SLOT} viewBox={`0 0 ${width} ${SLOT}`} class="enclosure-slots">
          {Array.from({ length: enclosure.size }, (_, i) =>
            i < enclosure.tiles.length ? (
              <TileGlyph key={i} tile={enclosure.tiles[i]} x={i * SLOT} y={0} size={SLOT} />
            ) : (
              <rect key={i} x={i * SLOT + 3} y={3} width={SLOT - 6} height={SLOT - 6} rx={4} class="slot-free" />
            ),
          )}
        </svg>
      </button>
      {built && stalls.map((s) => <StallSpace key={s.name} space={s} seat={seat} mine={mine} />)}
    </div>
  );
}
