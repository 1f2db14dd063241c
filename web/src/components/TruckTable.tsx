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

export function TruckTable({ view, extra, back }: { view: TruckRoundView; extra?: ComponentChildren; back: string }) {
  const { me } = usePlay();
  const placing = view.to_move === me;
  // One pile (Aquaretto, Zooloretto) is drawn as the combined game's piles are, unnamed.
  const piles: PileView[] = "piles" in view ? view.piles : [{ name: "", pile: view.pile, reserve: view.reserve, state: "open" }];
  return (
    <section class="table-middle" aria-label="table">
      <div class="round-info">
        <span>
          Round {view.round}
          {view.final_round ? " (last)" : ""}
        </span>
        {extra}
      </div>
      <div class="table-row">
        {piles.map((p) => (
          <div key={p.name} class="piles" data-piles={p.name || undefined} role="group" aria-label={p.name ? `${p.name} tiles` : "tiles"}>
            {p.name && (
              <span class="piles-name">
                {p.name}
                {p.state !== "open" ? ` (${p.state})` : ""}
              </span>
            )}
            <Pile name={p.name || "pile"} back={p.name || back} label="pile" count={p.pile} />
            <Pile name={p.name ? `${p.name}-reserve` : "reserve"} back={p.name || back} label="reserve" count={p.reserve} />
          </div>
        ))}
        {view.drawn && (
          <div class="drawn">
            <span>drawn</span>
            <TileButton tile={view.drawn} role="drawn" size={36} />
          </div>
        )}
        <span class="bank">
          <span>bank</span> <Coins n={view.bank} what="in the bank: " />
        </span>
      </div>
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
