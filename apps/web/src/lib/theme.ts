import { DEFAULT_THEME, THEME_STORAGE_KEY, isTheme, type Theme } from '@cloudstash/contract';
import { safeStorage } from './browser-storage';

/** The saved theme, or the default when none is saved, storage is blocked, or the value is not a known theme. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Theme {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Remembers the choice in the browser (localStorage), so it survives reloads. */
export function persistTheme(
  theme: Theme,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage full or blocked: the theme still applies for this visit.
  }
}

/** daisyUI themes follow the data-theme attribute on <html>, so setting it re-colours the page at once. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme);
}
