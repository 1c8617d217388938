/** The 16 light and 13 dark themes offered (daisyUI's names); the default is dark. */
export const LIGHT_THEMES = [
  'light',
  'cupcake',
  'bumblebee',
  'emerald',
  'corporate',
  'retro',
  'garden',
  'lofi',
  'pastel',
  'fantasy',
  'wireframe',
  'cmyk',
  'autumn',
  'acid',
  'lemonade',
  'winter',
] as const;
export const DARK_THEMES = [
  'dark',
  'synthwave',
  'halloween',
  'forest',
  'aqua',
  'black',
  'luxury',
  'dracula',
  'cyberpunk',
  'valentine',
  'coffee',
  'business',
  'night',
] as const;
export const THEMES = [...LIGHT_THEMES, ...DARK_THEMES] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export const THEME_STORAGE_KEY = 'cloudstash-theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}
