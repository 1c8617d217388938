// Zod tries `new Function` once to see whether it may compile parsers, and the page's CSP (script-src 'self',
// no eval) reports that as a violation. Zod reads its settings from this global when its code first runs, and
// schemas built while modules load (before any of the app's own code could call z.config) already read them,
// so they are set here, in a script that runs before the app's modules.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
