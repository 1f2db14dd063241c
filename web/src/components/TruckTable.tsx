// The middle of the table in the truck games: pile(s) and reserve drawn as stacks, the drawn
// tile, the bank, the trucks, the tiles being placed. Shared by Aquaretto, Zooloretto and both at once.
import type { ComponentChildren } from "preact";
import type { PileView, TruckRoundView } from "../api/types";
import { usePlay } from "../play/context";
import { ChoiceTile } from "./ChoiceTile";
import { Coins } from "./Coins";
import { Pile } from "./Pile";
import { TileButton } from "./TileGlyph";
import { TruckCard } from "./TruckCard";
import { t } from "../i18n";
import { gameName } from "../text/words";
import { aboutRounds } from "../boards/rounds";

export function TruckTable({ view, extra, back }: { view: TruckRoundView; extra?: ComponentChildren; back: string }) {
  const { me } = usePlay();
  const placing = view.to_move === me;
  // One pile (Aquaretto, Zooloretto) is drawn as the combined game's piles are, unnamed.
  const piles: PileView[] = "piles" in view ? view.piles : [{ name: "", pile: view.pile, reserve: view.reserve, state: "open" }];
  // "Round 4 of about 11": the tiles left before the reserves over what the trucks carry.
  const about = aboutRounds(
    view.round,
    piles.reduce((n, p) => n + (p.state === "closed" ? 0 : p.pile), 0),
    view.trucks,
  );
  return (
    <section class="table-middle" aria-label={t("table.label")}>
      <div class="round-info">
        <span data-rounds={about ?? ""}>
          {view.final_round
            ? t("table.last-round", { round: view.round })
            : about
              ? t("table.round-of", { round: view.round, total: about })
              : t("table.round", { round: view.round })}
        </span>
        {extra}
      </div>
      <div class="table-row">
        {piles.map((p) => (
          <div
            key={p.name}
            class="piles"
            data-piles={p.name || undefined}
            role="group"
            aria-label={p.name ? t("table.game-tiles", { game: gameName(p.name) }) : t("table.tiles")}
          >
            {p.name && (
              <span class="piles-name">
                {gameName(p.name)}
                {p.state === "closed" ? ` (${t("table.pile-closed")})` : p.state === "closing" ? ` (${t("table.pile-closing")})` : ""}
              </span>
            )}
            <Pile name={p.name || "pile"} back={p.name || back} label={t("table.pile")} count={p.pile} />
            <Pile name={p.name ? `${p.name}-reserve` : "reserve"} back={p.name || back} label={t("table.reserve")} count={p.reserve} />
          </div>
        ))}
        {view.drawn && (
          <div class="drawn">
            <span>{t("table.drawn")}</span>
            <TileButton tile={view.drawn} role="drawn" size={36} />
          </div>
        )}
        <span class="bank">
          <span>{t("table.bank")}</span> <Coins n={view.bank} what={t("table.in-bank")} />
        </span>
      </div>
      <div class="trucks">
        {view.trucks.map((t) => (
          <TruckCard key={t.name} truck={t} />
        ))}
      </div>
      {view.unloading.length > 0 && (
        <div class="unloading">
          <span>{placing ? t("table.to-place") : t("table.being-placed")}</span>
          {view.unloading.map((tile, i) => (
            <ChoiceTile key={`${tile}-${i}`} tile={tile} role="unloading" alternatives={[["place", tile]]} />
          ))}
        </div>
      )}
    </section>
  );
}
