// The buttons beside a placement preview: turn it (one click) and place it. (Cancelling
// is the action bar's.)
import { t } from "../i18n";
export function RotateConfirm({ what, onRotate, onConfirm }: { what: string; onRotate?: () => void; onConfirm: () => void }) {
  return (
    <div class="rotate-confirm">
      {onRotate && (
        <button type="button" data-action="rotate" onClick={onRotate} title={t("rotate.title")}>
          {t("rotate.turn")}
        </button>
      )}
      <button type="button" class="primary" data-action="confirm" onClick={onConfirm}>
        {t("rotate.place", { what })}
      </button>
    </div>
  );
}
