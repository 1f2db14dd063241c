// A table's seats in words, for the lobby and "my games": each seat's player, a bot, or
// "open" (a seat anyone may take), with the one-click "take this seat" where offered.
import type { TableSeat } from "../api/lobby";
import { useT } from "../i18n/hooks";
import { botName, seatName } from "../text/words";

/** Who sits in a seat, in words: its player's name, its bot's, or "open". */
export function seatWho(s: TableSeat, t: (key: string) => string): string {
  if (s.open) return t("lobby.seat-open");
  if (s.kind === "bot") return botName(s.bot);
  return s.name ?? (s.joined ? seatName(s.seat) : t("lobby.seat-invited"));
}

export function TableSeats({ seats, onTake, busy }: { seats: TableSeat[]; onTake?: (seat: number) => void; busy?: boolean }) {
  const { t } = useT();
  return (
    <ul class="table-seats">
      {seats.map((s) => (
        <li key={s.seat} data-seat={s.seat} data-open={s.open ? "yes" : "no"}>
          <span class="seat-number">{seatName(s.seat)}:</span> <span class={s.open ? "seat-open" : ""}>{seatWho(s, t)}</span>
          {s.open && onTake && (
            <>
              {" "}
              <button type="button" class="primary" data-action="take-seat" data-seat={s.seat} disabled={busy} onClick={() => onTake(s.seat)}>
                {t("lobby.take")}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
