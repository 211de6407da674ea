import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` is Biome with this repository's biome.jsonc. These tests run the same Biome and
 * configuration on small files written into a scratch copy of the layout, so a deliberate violation
 * is shown to fail without touching the real source tree (which other tests read).
 */
const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
const scratch = mkdtempSync(path.join(tmpdir(), 'lint-probe-'));
copyFileSync(path.join(root, 'biome.jsonc'), path.join(scratch, 'biome.jsonc'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function check(file: string, text: string, command: 'lint' | 'check' = 'lint') {
  const full = path.join(scratch, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const run = spawnSync(biome, [command, '--vcs-enabled=false', '--colors=off', file], { cwd: scratch, encoding: 'utf8' });
  rmSync(full);
  return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
}

describe('npm run lint', () => {
  it('passes on the repository as it is', () => {
    const run = spawnSync('npm', ['run', '--silent', 'lint'], { cwd: root, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).not.toContain('×');
    expect(run.status).toBe(0);
  });

  it('accepts a web module that imports only what the web may', () => {
    const result = check(
      'src/web/lib/fine.ts',
      "import { z } from 'zod';\nimport { formatAmount } from '../../shared/money.ts';\n\nexport const used = [z, formatAmount];\n",
    );
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.failed).toBe(false);
  });

  it.each([
    ['src/web/lib/probe.ts', "import pg from 'pg';", 'A server-only package'],
    ['src/web/routes/probe.ts', "import { drizzle } from 'drizzle-orm/pglite';", 'A server-only package'],
    ['src/web/features/events/probe.ts', "import Stripe from 'stripe';", 'A server-only package'],
    ['src/web/features/events/probe.ts', "import sharp from 'sharp';", 'A server-only package'],
    ['src/web/lib/probe.ts', "import { betterAuth } from 'better-auth';", 'A server-only package'],
    ['src/web/routes/probe.ts', "import { buildApp } from '../../server/app.ts';", 'never import server code'],
    ['src/shared/probe.ts', "import { buildApp } from '../server/app.ts';", 'imports only zod'],
    ['src/shared/probe.ts', "import { useState } from 'react';", 'imports only zod'],
    ['src/web/components/probe.ts', "import { eventQueries } from '../features/events/api.ts';", 'Web imports flow one way'],
    ['src/web/features/events/probe.ts', "import { HomePage } from '../../routes/home.tsx';", 'a feature never imports a route'],
    ['src/web/features/events/probe.ts', "import { donationAmount } from '../donations/amount.ts';", 'only through its api.ts'],
    [
      'src/server/features/events/probe.ts',
      "import { donationRoutes } from '../donations/routes.ts';",
      'A feature uses another through its service.ts',
    ],
    ['src/server/http/probe.ts', "import { router } from '../../web/router.tsx';", 'never imports the web app'],
    ['src/server/features/events/probe.ts', "import { router } from '../../../web/router.tsx';", 'never imports the web app'],
  ])('fails %s importing %s', (file, line, message) => {
    const result = check(file, `${line}\n\nexport const used = [${line.match(/import \{? ?(\w+)/)?.[1]}];\n`);
    expect(result.output).toContain('lint/style/noRestrictedImports');
    expect(result.output).toContain(message);
    expect(result.failed).toBe(true);
  });

  it('fails a module other than config.ts that reads the environment', () => {
    const result = check(
      'src/server/features/events/probe.ts',
      "import { sql } from 'drizzle-orm';\n\nexport const used = [sql, process.env.PORT];\n",
    );
    expect(result.output).toContain('lint/style/noProcessEnv');
    expect(result.failed).toBe(true);
    expect(check('src/server/config.ts', 'export const port = process.env.PORT;\n').failed).toBe(false);
  });

  it('fails code that is not formatted the project way', () => {
    const result = check('src/web/lib/probe.ts', 'export const greeting = "double quotes"\n', 'check');
    expect(result.output).toContain('format');
    expect(result.failed).toBe(true);
  });
});
