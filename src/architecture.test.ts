import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What lint cannot say. Biome (biome.jsonc, `npm run lint`) checks each file's own imports against
 * the layer rules; these tests follow imports from file to file, which a per-file rule cannot.
 */
const src = import.meta.dirname;

const importPattern =
  /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\bpage\(\s*['"](\.\/[^'"]+)['"]/g;

/**
 * The modules a file imports, statically or dynamically; for the router, also each page module it
 * names with `page('./routes/…')` (loaded through `import.meta.glob`, each its own chunk).
 */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
}

/** Every module reachable from `entry` by static and dynamic imports: our files, and the packages they name. */
function reachableFrom(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) {
        packages.set(specifier, path.relative(src, file));
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      if (/\.(ts|tsx)$/.test(target) && existsSync(target)) pending.push(target);
    }
  }
  return { files: [...files].map((file) => path.relative(src, file)), packages };
}

const web = reachableFrom(path.join(src, 'web/main.tsx'));
const serverOnlyPackage =
  /^(drizzle-orm|pg|sharp|stripe|better-auth(?!\/(react|client))|fastify|@fastify\/|pino|ioredis|@electric-sql\/pglite)(\/|$)/;

describe('what the web app loads', () => {
  it('follows imports from the entry through the router into every page', () => {
    expect(web.files).toContain('web/router.tsx');
    expect(web.files.filter((file) => file.startsWith('web/routes/')).length).toBeGreaterThan(20);
    expect(web.files).toContain('shared/accounts.ts');
  });

  it('reaches no server module, however many imports away', () => {
    expect(web.files.filter((file) => !file.startsWith('web/') && !file.startsWith('shared/'))).toEqual([]);
  });

  it('reaches no server-only package', () => {
    const bad = [...web.packages].filter(([name]) => serverOnlyPackage.test(name)).map(([name, by]) => `${by} imports ${name}`);
    expect(bad).toEqual([]);
  });

  it('loads every page lazily, so each page is its own chunk', () => {
    const router = readFileSync(path.join(src, 'web/router.tsx'), 'utf8');
    const pages = readdirSync(path.join(src, 'web/routes')).filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'));
    // The pages come through import.meta.glob, which loads each on demand unless told `eager`.
    expect(router).toMatch(/import\.meta\.glob[^(]*\(\s*\[\s*'\.\/routes\/\*\.tsx'/);
    expect(router).not.toMatch(/eager\s*:\s*true/);
    const lazy = pages.filter((name) => router.includes(`page('./routes/${name}'`));
    const eager = pages.filter((name) => new RegExp(`from\\s*['"]\\./routes/${name.replace('.', '\\.')}['"]`).test(router));
    expect(eager).toEqual([]);
    expect(lazy.sort()).toEqual(pages.sort());
  });
});
