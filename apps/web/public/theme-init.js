/* global window, document */
// Runs before the app's bundle so the saved theme paints first (no flash of the default theme).
// Keep the key and default in step with THEME_STORAGE_KEY / DEFAULT_THEME in @cloudstash/contract;
// src/lib/theme.test.ts checks that they match.
(function () {
  try {
    var theme = window.localStorage.getItem('cloudstash-theme');
    if (theme && /^[a-z]+$/.test(theme)) document.documentElement.setAttribute('data-theme', theme);
  } catch {
    // Storage can be blocked (privacy mode); the default theme in index.html stays.
  }
})();
