import { useEffect } from 'react';

/** While `busy`, closing, reloading or leaving the page asks first (uploads under way would be interrupted). */
export function useLeaveGuard(busy: boolean) {
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);
}
