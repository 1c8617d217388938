import toast from 'react-hot-toast';

/** Long enough to read the message and reach the button (a plain success toast lasts 2 s). */
export const UNDO_TOAST_MS = 10_000;

/**
 * A success toast with an Undo button: the message as usual, and the button takes the change back (the toast
 * closes as it is pressed). It stays while the pointer rests on it, as every toast does.
 */
export function toastWithUndo(message: string, onUndo: () => void): string {
  return toast.success(
    (shown) => (
      <span className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => {
            toast.dismiss(shown.id);
            onUndo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_TOAST_MS },
  );
}
