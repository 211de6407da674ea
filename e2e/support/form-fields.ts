import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { red } from './accounts.ts';

/**
 * Checks for the one way every form shows its problems (STYLE.md): each message beside its field,
 * linked to it with aria-describedby, in the spec's red; focus on the first field with a problem.
 */

/** The messages a field points to with aria-describedby: what a screen reader says beside it. */
export async function saidBeside(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' | '),
  );
}

/** The colour of the element the field's aria-describedby names that says exactly `message`. */
function colourOfMessageBeside(field: Locator, message: string): Promise<string | null> {
  return field.evaluate((element, text) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const holder = ids.map((id) => document.getElementById(id)).find((node) => node?.textContent === text);
    return holder ? getComputedStyle(holder).color : null;
  }, message);
}

/** The field is marked invalid and says `message` beside it, in red. */
export async function expectProblemBeside(field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await saidBeside(field)).toContain(message);
  expect(await colourOfMessageBeside(field, message)).toBe(red);
}

/** The field is not marked invalid and says nothing is wrong. */
export async function expectNoProblem(field: Locator) {
  await expect.poll(() => field.getAttribute('aria-invalid')).not.toBe('true');
}

/** Focus is on the field (once the page has drawn the messages and moved it). */
export async function expectFocused(field: Locator) {
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
}
