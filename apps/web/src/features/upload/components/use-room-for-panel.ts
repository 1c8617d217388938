import { useEffect, type RefObject } from 'react';

/** Room left between the upload panel and a control scrolled out from under it. */
const GAP_PX = 8;

/**
 * While the upload panel is open over the bottom of the page, the page keeps room below its content for it (so
 * the last controls can scroll above it), and a control that takes focus under it is scrolled up above it: a
 * focused control is never hidden by the panel.
 */
export function useRoomForPanel(panel: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = panel.current;
    const main = document.getElementById('main');
    if (!shown || !element || !main) return;
    const keepRoom = () => {
      main.style.paddingBottom = `${element.getBoundingClientRect().height + GAP_PX}px`;
    };
    keepRoom();
    const resized = new ResizeObserver(keepRoom);
    resized.observe(element);
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || element.contains(target) || target.closest('.drawer-side')) return;
      const panelTop = element.getBoundingClientRect().top;
      const box = target.getBoundingClientRect();
      if (box.height > 0 && box.bottom > panelTop && box.top < window.innerHeight) {
        window.scrollBy({ top: box.bottom - panelTop + GAP_PX });
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      resized.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      main.style.paddingBottom = '';
    };
  }, [panel, shown]);
}
