// Zod compiles fast parsers with `new Function` when it may, and first tries whether it may: under this
// site's Content-Security-Policy (no 'unsafe-eval') that try is refused and the browser reports a
// violation on every page that loads a schema. Zod reads its settings from this global when it loads;
// this module is the first the app imports, before any chunk with zod in it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
