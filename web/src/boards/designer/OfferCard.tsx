// A layout card of the offer (a button while it may be taken) or the preview.
import type { CardView, SectionView } from "../../api/types";
import { choiceClass, useChoice } from "../../play/context";
import { CardSections } from "./CardSections";
import { t } from "../../i18n";
import { speciesName } from "../../text/words";

const SIZE = 24;

/** One section in words: its colour's species, and whether it shows an animal. */
const sectionWords = (s: SectionView) => (s.animal ? t("designer.section-animal", { species: speciesName(s.colour) }) : speciesName(s.colour));

/** A card's sections (TL, TR, BL, BR) in the reader's words, not the notation's letters
 * ("A* S / D P": letters of the English names). */
function cardWords(sections: SectionView[]): string {
  const [tl, tr, bl, br] = sections.map(sectionWords);
  return t("designer.card-sections", { tl, tr, bl, br });
}

export function OfferCard({ card, preview = false }: { card: CardView; preview?: boolean }) {
  const choice = useChoice(preview ? [] : [["draw", String(card.card)]]);
  return (
    <button
      type="button"
      class={choiceClass(choice, preview ? "offer-card preview" : "offer-card")}
      data-card={card.card}
      disabled={!choice.enabled}
      onClick={choice.onClick}
      title={t("designer.card-title", { card: card.card, text: cardWords(card.sections) })}
    >
      <svg width={2 * SIZE} height={2 * SIZE} viewBox={`0 0 ${2 * SIZE} ${2 * SIZE}`}>
        <CardSections sections={card.sections} x={0} y={0} size={SIZE} />
      </svg>
      <small>{preview ? t("designer.next", { card: card.card }) : card.card}</small>
    </button>
  );
}
