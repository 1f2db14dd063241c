// "took truck B": the truck a seat took this round.
import { t } from "../i18n";
export function Took({ truck }: { truck: string | null }) {
  return truck ? <span class="took">{t("truck.took", { truck })}</span> : null;
}
