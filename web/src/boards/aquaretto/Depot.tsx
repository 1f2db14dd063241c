// A depot: its top tile face up and the number beneath, the whole stack on demand. For the
// seat that plays it is where tiles go ("depot"); another seat's is where one buys ("2").
import { useState } from "preact/hooks";
import { TileButton, TileGlyph } from "../../components/TileGlyph";
import { choiceClass, useChoice, usePlay } from "../../play/context";

export function Depot({ depot, seat }: { depot: string[]; seat: number }) {
  const { me } = usePlay();
  const [open, setOpen] = useState(false);
  const choice = useChoice(seat === me ? [["depot"]] : [[String(seat)]]);
  const top = depot.length > 0 ? depot[depot.length - 1] : null;
  return (
    <div class="depot">
      <button
        type="button"
        class={choiceClass(choice, "depot-top")}
        data-place="depot"
        data-seat={seat}
        disabled={!choice.enabled}
        onClick={choice.onClick}
        title={`depot: ${depot.length} tile(s)`}
      >
        <svg width={34} height={34} viewBox="0 0 34 34">
          {top ? <TileGlyph tile={top} x={0} y={0} size={34} /> : <rect x={2} y={2} width={30} height={30} rx={4} class="slot-free" />}
        </svg>
        <span>depot {depot.length}</span>
      </button>
      {depot.length > 1 && (
        <button type="button" class="link" data-action="depot-stack" data-seat={seat} onClick={() => setOpen(!open)}>
          {open ? "hide" : "show all"}
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
