// Every seat's part of the table, the page's own seat first. On a wide screen they stand side
// by side; on a phone (style.css) one at a time, with a tab per seat above them: your own zoo
// is shown, another seat's is one tap away. A tab is marked while its seat is to move, and
// while something of that seat's may be chosen (another seat's depot or barn to buy from).
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useChoice, usePlay } from "../play/context";
import { seatOrder } from "../boards/seatOrder";
import { t } from "../i18n";

interface Props {
  players: number;
  toMove: number | null;
  /** What a seat's boards are called: "zoo" (the default), Aquarium Designer's "aquarium". */
  board?: string;
  /** The seat's panel (a SeatPanel). */
  children: (seat: number) => ComponentChildren;
}

function SeatTab({ seat, shown, toMove, board, onShow }: { seat: number; shown: boolean; toMove: boolean; board: string; onShow: () => void }) {
  const { me, names } = usePlay();
  // Another seat's things are chosen by its number (Aquaretto's "buy 2", Zooloretto's "buy 2 camel/m").
  const choice = useChoice(seat === me ? [] : [[String(seat)]]);
  return (
    <button
      type="button"
      role="tab"
      id={`seat-tab-${seat}`}
      aria-controls={`seat-${seat}`}
      aria-selected={shown}
      tabindex={shown ? 0 : -1}
      class={["seat-tab", choice.enabled ? "choice" : "", toMove ? "to-move" : ""].filter(Boolean).join(" ")}
      data-seat-tab={seat}
      onClick={onShow}
    >
      {seat === me ? (board === "aquarium" ? t("seats.your-aquarium") : t("seats.your-zoo")) : names[seat]}
      {toMove && (
        <span class="tab-turn">
          {" "}
          ●<span class="sr-only"> {t("seat.to-move")}</span>
        </span>
      )}
    </button>
  );
}

export function Seats({ players, toMove, board = "zoo", children }: Props) {
  const { me, choices } = usePlay();
  const order = seatOrder(players, me);
  const [shown, setShown] = useState(order[0]);
  // When the player's turn comes, their own zoo is where they act: show it again.
  const mine = me !== null && toMove === me;
  useEffect(() => {
    if (mine) setShown(me);
  }, [mine, me]);
  const visible = order.includes(shown) ? shown : order[0];
  // Once another seat's thing is chosen (a depot or barn tile to buy), the rest of the action
  // is on the player's own boards: show them again.
  const chosen = choices.prefix.join(" ");
  const elsewhere = me !== null && visible !== me && choices.continuation([[String(visible)]]) === null;
  useEffect(() => {
    if (mine && chosen && elsewhere) setShown(me);
  }, [chosen]);

  // Arrow keys move between the tabs, as in every tab list.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = order[(order.indexOf(visible) + step + order.length) % order.length];
    setShown(next);
    document.getElementById(`seat-tab-${next}`)?.focus();
  };

  return (
    <div class="seats">
      <div class="seat-tabs" role="tablist" aria-label={board === "aquarium" ? t("seats.aquariums") : t("seats.zoos")} onKeyDown={onKeyDown}>
        {order.map((seat) => (
          <SeatTab key={seat} seat={seat} shown={seat === visible} toMove={toMove === seat} board={board} onShow={() => setShown(seat)} />
        ))}
      </div>
      {order.map((seat) => (
        <div
          key={seat}
          id={`seat-${seat}`}
          role="tabpanel"
          aria-labelledby={`seat-tab-${seat}`}
          class={["seat-slot", seat === (me ?? order[0]) ? "mine" : "", seat === visible ? "shown" : ""].filter(Boolean).join(" ")}
        >
          {children(seat)}
        </div>
      ))}
    </div>
  );
}
