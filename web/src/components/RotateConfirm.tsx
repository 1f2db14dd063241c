// The buttons beside a placement preview: turn it (one click), place it, or cancel.
export function RotateConfirm({ what, onRotate, onConfirm, onCancel }: { what: string; onRotate?: () => void; onConfirm: () => void; onCancel: () => void }) {
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
      <button type="button" data-action="cancel" onClick={onCancel}>
        cancel
      </button>
    </div>
  );
}
