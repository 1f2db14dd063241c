// The seats this browser holds in a game, and switching between them:
// a player with two seats (two "me" seats, a link from another device) sees every one and
// picks the one the page plays. Shown only when there is a choice or something to say.
import { useEffect, useState } from "preact/hooks";
import { activeToken, pageSeats, subscribe, switchSeat, type PageSeats } from "../api/tokens";
import "../seats.css";
import { t } from "../i18n";
import { seatName } from "../text/words";

/** The page's seats, re-rendered whenever they change; ``token`` is the one to speak with. */
export function useSeats(id: string): PageSeats & { token: string | null } {
  const [, setVersion] = useState(0);
  useEffect(() => subscribe(id, () => setVersion((v) => v + 1)), [id]);
  const page = pageSeats(id);
  return { ...page, token: activeToken(id) };
}

export function SeatSwitcher({ id, names }: { id: string; names: string[] }) {
  const { held, notice, trial } = useSeats(id);
  const seats = Object.keys(held.seats)
    .filter((s) => s !== "?")
    .map(Number)
    .sort((a, b) => a - b);
  if (seats.length < 2 && !notice) return null;
  const current = trial ? null : held.current;
  return (
    <nav class="seat-switcher" aria-label={t("seats.yours")} data-seats={seats.join(",")}>
      {notice && (
        <span class="seat-notice" data-seat-notice>
          {notice === "link-no-seat" ? t("seats.link-no-seat") : t("seats.token-gone")}
        </span>
      )}
      {seats.length >= 2 && <span>{t("seats.yours-colon")}</span>}
      {seats.length >= 2 &&
        seats.map((seat) => (
          <button type="button" key={seat} data-action="switch-seat" data-seat={seat} aria-pressed={current === seat} onClick={() => switchSeat(id, seat)}>
            {names[seat] ?? seatName(seat)}
          </button>
        ))}
    </nav>
  );
}
