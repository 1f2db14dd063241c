// Aquarium Designer: the round, the offer and the preview, then each seat's aquarium.
import type { CardView, DesignerView } from "../../api/types";
import { SeatPanel } from "../../components/SeatPanel";
import { Seats } from "../../components/Seats";
import { usePlay } from "../../play/context";
import { plural } from "../../text/words";
import { Layout } from "./Layout";
import { OfferCard } from "./OfferCard";

export function DesignerBoard({ view }: { view: DesignerView }) {
  const { me } = usePlay();
  const cards = new Map<string, CardView>(view.offer.map((c) => [String(c.card), c]));
  return (
    <div class="board" data-board="aquarium-designer">
      <section class="table-middle">
        <div class="round-info">
          <span>
            Round {view.round} of {view.rounds}
          </span>
          <span>{view.rule} rule</span>
          <span>{view.deck} cards in the deck</span>
          <span>{view.deck_name}</span>
          {view.rank && <span data-rank>rank {view.rank}</span>}
        </div>
        {/* Once the last card is taken (the game's end) there is no offer to show: no empty "offer:". */}
        {(view.offer.length > 0 || view.preview) && (
          <div class="offer">
            <span>offer:</span>
            {view.offer.map((c) => (
              <OfferCard key={c.card} card={c} />
            ))}
            {view.preview && <OfferCard card={view.preview} preview />}
          </div>
        )}
      </section>
      <Seats players={view.players} toMove={view.to_move} board="aquarium">
        {(seat) => (
          <SeatPanel
            view={view}
            seat={seat}
            board="aquarium"
            info={
              <span class="took">
                {plural(view.layouts[seat].animals, "animal")}
                {view.drawn[seat] ? " · drew" : ""}
                {view.passed[seat] ? " · passed" : ""}
              </span>
            }
          >
            <Layout layout={view.layouts[seat]} seat={seat} small={seat !== (me ?? 0)} cards={cards} />
          </SeatPanel>
        )}
      </Seats>
    </div>
  );
}
