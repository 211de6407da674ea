import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** A message's HTML and its plain-text alternative, from one React template. */
export async function renderMessage(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
