import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

const textTypes = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'textarea']);

/**
 * What someone typed into the server's HTML before the app took the page over. Taking over, React
 * sets each field back to its state (empty), so the words would be lost and nothing searched: this
 * notes them just before, and `TypedAgain` types them again once the page is the app's, as input
 * events, so the page reacts as if they had been typed then.
 */
export function noteTypedFields(root: HTMLElement): Array<{ field: Field; value: string }> {
  return [...root.querySelectorAll<Field>('input, textarea')]
    .filter((field) => textTypes.has(field.type) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

export function TypedAgain({ typed }: { typed: Array<{ field: Field; value: string }> }) {
  useEffect(() => {
    for (const { field, value } of typed) {
      if (!field.isConnected) continue;
      // React notes what it last set a field to, and fires onChange only when the field differs from
      // that: tell it '' (through the field's own setter), then put the words back past it, then type.
      field.value = '';
      const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, [typed]);
  return null;
}
