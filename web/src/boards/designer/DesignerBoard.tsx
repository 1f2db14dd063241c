// Aquarium Designer: the round, the offer and the preview, then each seat's aquarium.
import type { CardView, DesignerView } from "../../api/types";
import { SeatPanel } from "../../components/SeatPanel";
import { Seats } from "../../components/Seats";
import { usePlay } from "../../play/context";
import { plural, speciesName } from "../../text/words";
import { Picture } from "../../components/TileGlyph";
import { ANIMALS, COLOURS } from "./sections";
import { Layout } from "./Layout";
import { OfferCard } from "./OfferCard";
import { t } from "../../i18n";
import { ZoomControl, useZoom, zoomStyle } from "../zoom";

/** The four water colours and the animal each belongs to: on a phone, where the sections
 * are small, the colour alone must tell the species (every section names itself too). */
function ColourLegend() {
  return (
    <div class="colour-legend" data-colour-legend aria-hidden="true">
      {Object.keys(COLOURS).map((species) => (
        <span key={species} class="legend-item">
          <svg width={22} height={22} viewBox="0 0 22 22">
            <rect x={0} y={0} width={22} height={22} rx={4} fill={COLOURS[species]} />
            <Picture kind={ANIMALS[species]} x={3} y={3} size={16} />
          </svg>
          {speciesName(species)}
        </span>
      ))}
    </div>
  );
}

export function DesignerBoard({ view }: { view: DesignerView }) {
  const [zoom, setZoom] = useZoom();
  const { me } = usePlay();
  const cards = new Map<string, CardView>(view.offer.map((c) => [String(c.card), c]));
  return (
    <div class="board" data-board="aquarium-designer" style={zoomStyle(zoom)}>
      <section class="table-middle">
        <div class="round-info">
          <span>{t("designer.round", { round: view.round, rounds: view.rounds })}</span>
          <span>{view.rule === "basic" ? t("designer.rule-basic") : t("designer.rule-advanced")}</span>
          <span>{t("designer.deck", { count: view.deck })}</span>
          <span>{view.deck_name_id ? t(`game:${view.deck_name_id}`, { defaultValue: view.deck_name }) : view.deck_name}</span>
          {view.rank && <span data-rank>{t("designer.rank", { rank: view.rank })}</span>}
        </div>
        {/* Once the last card is taken (the game's end) there is no offer to show: no empty "offer:". */}
        {(view.offer.length > 0 || view.preview) && (
          <div class="offer">
            <span>{t("designer.offer")}</span>
            {view.offer.map((c) => (
              <OfferCard key={c.card} card={c} />
            ))}
            {view.preview && <OfferCard card={view.preview} preview />}
          </div>
        )}
        <ColourLegend />
      </section>
      <ZoomControl zoom={zoom} onZoom={setZoom} />
      <Seats players={view.players} toMove={view.to_move} board="aquarium">
        {(seat) => (
          <SeatPanel
            view={view}
            seat={seat}
            board="aquarium"
            info={
              <span class="took">
                {plural(view.layouts[seat].animals, "animals")}
                {view.drawn[seat] ? ` · ${t("designer.drew")}` : ""}
                {view.passed[seat] ? ` · ${t("designer.passed")}` : ""}
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
