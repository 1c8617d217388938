import { useEffect } from 'react';

/** Room left between the sticky header and a control scrolled out from under it. */
const GAP_PX = 8;

/**
 * A control that takes focus while partly under the sticky navigation bar is scrolled down below it. The
 * browser counts a control as visible (and does not scroll) when only part of it shows, so Shift+Tab up a
 * phone screen could otherwise focus something the header hides.
 */
export function useFocusBelowStickyHeader(): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      const header = document.querySelector('header.navbar');
      if (!target || !header || header.contains(target) || target.closest('.drawer-side')) return;
      const headerBottom = header.getBoundingClientRect().bottom;
      const box = target.getBoundingClientRect();
      if (box.height > 0 && box.top < headerBottom && box.bottom > 0) {
        window.scrollBy({ top: box.top - headerBottom - GAP_PX });
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}
