import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { cssVariablesResolver, theme } from '../lib/theme.ts';
import { sent } from './sent.ts';

/** A query's key and the answer already in the cache for it (see `fixtures.ts`). */
export type QueryData = readonly [key: readonly unknown[], value: unknown];

/**
 * Draws `ui` as the app would (Mantine with the app's theme, a query cache of its own, a router at
 * `path`) into the DOM emulation, with a person typing and clicking (user-event).
 */
export function renderForm(ui: ReactNode, { path = '/', data = [] as readonly QueryData[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, queryClient };
}

/** The person at the keyboard and mouse, as `renderForm` gives them. */
export type User = ReturnType<typeof renderForm>['user'];

/** A field by the start of its label: 'Capacity' for 'Capacity (optional)'. */
export const field = (label: string, selector = 'input, textarea') =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}`), { selector });

const escapeRegExp = (text: string) => text.replace(/[.*+?^$|()[\]{}\\]/g, '\\$&');

/** A text box by its accessible name. */
export const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** A button by its accessible name. */
export const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** What was in a box replaced with `text`, pasted in. */
export async function replace(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.paste(text);
}

/** The form refused what was in `input`: `message` beside it, the focus on it, and nothing sent. */
export function expectRefused(input: HTMLElement, message: string | RegExp) {
  expectProblem(input, message);
  expect(document.activeElement).toBe(input);
  expect(sent).toEqual([]);
}

/** The form sent exactly one request, this one. */
export function expectSent(method: string, url: string, body: unknown) {
  expect(sent).toEqual([{ method, url, body }]);
}

/** The message shown beside a field (Mantine links it with aria-describedby), or null. */
export function problemOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.className.includes('error')) return element.textContent;
  }
  return null;
}

/** Whether the field is marked invalid for assistive technology, and says why. */
export function expectProblem(field: HTMLElement, message: string | RegExp) {
  const problem = problemOf(field);
  if (typeof message === 'string') {
    if (problem !== message) throw new Error(`expected "${message}" beside ${describe(field)}, found ${JSON.stringify(problem)}`);
  } else if (!problem || !message.test(problem)) {
    throw new Error(`expected ${message} beside ${describe(field)}, found ${JSON.stringify(problem)}`);
  }
  if (field.getAttribute('aria-invalid') !== 'true') throw new Error(`${describe(field)} shows a problem but is not marked aria-invalid`);
}

export function expectNoProblem(field: HTMLElement) {
  const problem = problemOf(field);
  if (problem !== null) throw new Error(`expected no problem beside ${describe(field)}, found "${problem}"`);
  if (field.getAttribute('aria-invalid') === 'true') throw new Error(`${describe(field)} is marked aria-invalid`);
}

function describe(field: HTMLElement) {
  return field.getAttribute('name') ?? field.id ?? field.tagName;
}

export { screen, within };
