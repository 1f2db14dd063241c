// The middle of the table in the truck games: pile(s) and reserve, the drawn tile, the
// trucks, the tiles being placed, the bank. Shared by Aquaretto, Zooloretto and both at once.
import type { ComponentChildren } from "preact";
import type { TruckRoundView } from "../api/types";
import { usePlay } from "../play/context";
import { ChoiceTile } from "./ChoiceTile";
import { Coins } from "./Coins";
import { TileButton } from "./TileGlyph";
import { TruckCard } from "./TruckCard";

export function TruckTable({ view, extra }: { view: TruckRoundView; extra?: ComponentChildren }) {
  const { me } = usePlay();
  const placing = view.to_move === me;
  return (
    <section class="table-middle" aria-label="table">
      <div class="round-info">
        <span>
          Round {view.round}
          {view.final_round ? " (last)" : ""}
        </span>
        {view.piles ? (
          view.piles.map((p) => (
            <span key={p.name} data-pile={p.name}>
              {p.name} pile {p.pile} + reserve {p.reserve}
              {p.state !== "open" ? ` (${p.state})` : ""}
            </span>
          ))
        ) : (
          <span data-pile="pile">
            pile {view.pile} + reserve {view.reserve}
          </span>
        )}
        <span class="bank">
          bank <Coins n={view.bank} what="in the bank: " />
        </span>
        {extra}
      </div>
      {view.drawn && (
        <div class="drawn">
          drawn: <TileButton tile={view.drawn} role="drawn" size={36} />
        </div>
      )}
      <div class="trucks">
        {view.trucks.map((t) => (
          <TruckCard key={t.name} truck={t} />
        ))}
      </div>
      {view.unloading.length > 0 && (
        <div class="unloading">
          <span>{placing ? "to place:" : "being placed:"}</span>
          {view.unloading.map((tile, i) => (
            <ChoiceTile key={`${tile}-${i}`} tile={tile} role="unloading" alternatives={[["place", tile]]} />
          ))}
        </div>
      )}
    </section>
  );
}
