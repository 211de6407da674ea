import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { projectPath } from '../project-root.ts';

/**
 * The script every page drawn on the server carries inline, first thing in its head: it keeps what a
 * person does before the app has taken the page over, and does it once the app has (decision 042,
 * src/web/early-input.js). Read once at start, so the Content-Security-Policy can name it by its hash.
 */
export const earlyInputScript = readFileSync(projectPath('src/web/early-input.js'), 'utf8')
  // Its comments are for its readers, not for every page's bytes.
  .replace(/^\s*\/\/.*$/gm, '')
  .replace(/\n{2,}/g, '\n')
  .trim();

/** The script's CSP source (`'sha256-…'`): the one inline script the policy allows. */
export const earlyInputScriptSource = `'sha256-${createHash('sha256').update(earlyInputScript, 'utf8').digest('base64')}'`;

/** The script as an element of the page's head. */
export const earlyInputScriptTag = `<script>${earlyInputScript}</script>`;
