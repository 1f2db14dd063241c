// The buttons beside a placement preview: turn it (one click) and place it. (Cancelling
// is the action bar's.)
export function RotateConfirm({ what, onRotate, onConfirm }: { what: string; onRotate?: () => void; onConfirm: () => void }) {
  return (
    <div class="rotate-confirm">
      {onRotate && (
        <button type="button" data-action="rotate" onClick={onRotate} title="turn it">
          ↻ turn
        </button>
      )}
      <button type="button" class="primary" data-action="confirm" onClick={onConfirm}>
        place {what}
      </button>
    </div>
  );
}
