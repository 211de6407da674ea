import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

const DOCTYPE = /^<!DOCTYPE[^>]*>/;

/**
 * A message's HTML and its plain-text alternative, from one React template drawn once: the text is the
 * library's own conversion of that HTML, as `render(element, { plainText: true })` makes it, without
 * drawing the template a second time (the drawing is most of a message's cost, and a registration rush
 * writes hundreds of messages in the web process).
 */
export async function renderMessage(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html.replace(DOCTYPE, '')) };
}
