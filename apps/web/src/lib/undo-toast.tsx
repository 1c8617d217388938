import { useEffect, useRef } from 'react';
import toast, { type Toast } from 'react-hot-toast';

/** Long enough to read the message and reach the button (a plain success toast lasts 2 s). */
export const UNDO_TOAST_MS = 10_000;

/**
 * The key that presses the newest toast's Undo from anywhere on the page. It is said with the toast (a polite
 * live region), so a keyboard user need not walk the whole page to reach the button before it goes.
 */
export const UNDO_SHORTCUT = { label: 'Alt+Z', aria: 'Alt+Z' } as const;

/** The Undo of each toast showing, newest last: the shortcut presses the newest only. */
const undoStack: (() => void)[] = [];
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', (event) => {
    const newest = undoStack.at(-1);
    if (newest && event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyZ') {
      event.preventDefault();
      newest();
    }
  });
}

/** Focus that came into a toast from the page goes back there when the toast closes (or to the heading). */
function giveFocusBack(from: HTMLElement | null): void {
  if (from?.isConnected && from.getClientRects().length > 0) from.focus();
  else document.querySelector<HTMLElement>('#main h1[tabindex], #main h1')?.focus();
}

function UndoToast({ shown, message, onUndo }: { shown: Toast; message: string; onUndo: () => void }) {
  const box = useRef<HTMLSpanElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const held = useRef({ focus: false, pointer: false });
  const closed = useRef(false);

  // While it has focus or the pointer the toast stays; once both have left it has its whole time again.
  const hold = (what: 'focus' | 'pointer', on: boolean) => {
    const before = held.current.focus || held.current.pointer;
    held.current = { ...held.current, [what]: on };
    const now = held.current.focus || held.current.pointer;
    // Focus given back as it closes must not bring it back.
    if (before !== now && !closed.current) show(now ? Infinity : UNDO_TOAST_MS);
  };
  const show = (duration: number) => toastWithUndoId(shown.id, message, onUndo, duration);

  const close = (undo: boolean) => {
    const focusInside = !!box.current?.contains(document.activeElement);
    closed.current = true;
    toast.dismiss(shown.id);
    if (focusInside) giveFocusBack(cameFrom.current);
    if (undo) onUndo();
  };
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!shown.visible) return;
    const press = () => closeRef.current(true);
    undoStack.push(press);
    return () => {
      undoStack.splice(undoStack.indexOf(press), 1);
    };
  }, [shown.visible]);

  return (
    <span
      ref={box}
      className="flex flex-wrap items-center gap-3"
      // A closed toast fades out for a moment: by then it is gone for keyboards and screen readers.
      inert={!shown.visible}
      aria-hidden={!shown.visible || undefined}
      onFocus={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) {
          cameFrom.current = event.relatedTarget as HTMLElement | null;
        }
        hold('focus', true);
      }}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) hold('focus', false);
      }}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close(false);
      }}
    >
      <span>
        <span>{message}</span>
        <span className="sr-only">. Press {UNDO_SHORTCUT.label} to undo.</span>
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-keyshortcuts={UNDO_SHORTCUT.aria}
        onClick={() => close(true)}
      >
        Undo
        <kbd className="text-xs font-normal" aria-hidden="true">
          {UNDO_SHORTCUT.label}
        </kbd>
      </button>
    </span>
  );
}

function toastWithUndoId(
  id: string | undefined,
  message: string,
  onUndo: () => void,
  duration: number,
): string {
  return toast.success((shown) => <UndoToast shown={shown} message={message} onUndo={onUndo} />, {
    id,
    duration,
  });
}

/**
 * A success toast with an Undo button: the message as usual, and the button takes the change back (the toast
 * closes as it is pressed). It stays while the pointer rests on it or focus is in it, its shortcut presses
 * Undo from anywhere, and focus that went into it comes back to where it was when it closes.
 */
export function toastWithUndo(message: string, onUndo: () => void): string {
  return toastWithUndoId(undefined, message, onUndo, UNDO_TOAST_MS);
}
