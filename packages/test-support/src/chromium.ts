/**
 * How the browser suites and the browser rows of the bench start Debian's Chromium: no sandbox (containers
 * refuse one) and nothing of the browser's own running beside the page (GPU process, background requests,
 * component updates, sync, first-run screens), so results are the page's.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
