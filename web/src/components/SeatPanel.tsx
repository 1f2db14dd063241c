// One seat's part of the table: a header (name, coins, whose turn, a bot thinking, live
// points on demand) above the seat's boards. The seat that plays gets the larger panel.
import type { ComponentChildren } from "preact";
import type { BaseView } from "../api/types";
import { usePlay } from "../play/context";
import { plural } from "../text/words";
import { Coins } from "./Coins";
import { t } from "../i18n";

interface Props {
  view: BaseView;
  seat: number;
  coins?: number;
  info?: ComponentChildren;
  /** What the seat's boards are called, for screen readers: "zoo" (the default) or "aquarium". */
  board?: string;
  children: ComponentChildren;
}

export function SeatPanel({ view, seat, coins, info, board = "zoo", children }: Props) {
  const { names, me, thinking, showScores } = usePlay();
  const moving = view.to_move === seat;
  const classes = ["seat-panel", seat === me ? "mine" : "", moving ? "to-move" : ""].filter(Boolean).join(" ");
  return (
    <section
      class={classes}
      data-seat-panel={seat}
      aria-label={board === "aquarium" ? t("seat.aquarium-of", { name: names[seat] }) : t("seat.zoo-of", { name: names[seat] })}
    >
      <header>
        <strong>{names[seat]}</strong>
        {seat === me && <span class="you">{t("seat.you")}</span>}
        {moving && <span class="turn">{t("seat.to-move")}</span>}
        {thinking === seat && (
          <span class="thinking" data-thinking={seat}>
            {t("seat.thinking")}
          </span>
        )}
        {coins !== undefined && <Coins n={coins} />}
        {showScores && (
          <span class="points" data-points={seat}>
            {plural(view.scores[seat].total, "points")}
          </span>
        )}
        {info}
      </header>
      {children}
    </section>
  );
}
