import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The import boundaries of STYLE.md, checked on every file so a wrong import fails the tests. */
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
  /** Path relative to src/ for relative imports; undefined for packages. */
  target: string | undefined;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  return specifiers.map((specifier) => ({
    file: path.relative(src, file),
    specifier,
    target: specifier.startsWith('.') ? path.relative(src, path.resolve(path.dirname(file), specifier)) : undefined,
  }));
}

const all = sourceFiles(src).flatMap(importsOf);
const describeImport = (i: Import) => `${i.file} imports ${i.specifier}`;
const featureOf = (p: string, side: 'server' | 'web') => p.match(new RegExp(`^${side}/features/([^/]+)/`))?.[1];

describe('import boundaries', () => {
  it('finds the imports it checks', () => {
    expect(all.filter((i) => i.file.startsWith('web/')).length).toBeGreaterThan(10);
    expect(all.filter((i) => i.file.startsWith('server/')).length).toBeGreaterThan(10);
  });

  it('keeps the shared contract free of everything but zod', () => {
    const bad = all.filter(
      (i) =>
        i.file.startsWith('shared/') &&
        // A test beside the contract may use the test runner; the contract itself may not.
        !i.file.endsWith('.test.ts') &&
        !(i.specifier === 'zod' || i.target?.startsWith('shared/')),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('keeps server code out of the web app and the web app out of the server', () => {
    const bad = all.filter(
      (i) =>
        (i.file.startsWith('web/') && (i.target?.startsWith('server/') || /(^|\/)server\//.test(i.specifier))) ||
        (i.file.startsWith('server/') && i.target?.startsWith('web/')),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it('lets web imports flow one way: routes, then features, then components and lib', () => {
    const bad = all.filter((i) => {
      if (!i.target) return false;
      const from = i.file;
      if (from.startsWith('web/components/') || from.startsWith('web/lib/'))
        return i.target.startsWith('web/features/') || i.target.startsWith('web/routes/');
      if (from.startsWith('web/features/')) return i.target.startsWith('web/routes/');
      return false;
    });
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("lets a feature use another feature only through its service (server) or api (web)", () => {
    const bad = all.filter((i) => {
      if (!i.target) return false;
      for (const side of ['server', 'web'] as const) {
        const from = featureOf(i.file, side);
        const to = featureOf(i.target, side);
        if (from && to && from !== to) return !/\/(service|api)$/.test(i.target.replace(/\.tsx?$/, ''));
      }
      return false;
    });
    expect(bad.map(describeImport)).toEqual([]);
  });
});
