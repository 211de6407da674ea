import i18next from 'i18next';

/**
 * A problem (a form's or the API's message, written in English in the shared schemas) in the reader's
 * language: the 'problems' words are keyed by the English text itself, so English is as the spec
 * writes it and a message with no translation yet stays English.
 */
export function problemIn(message: string): string {
  const t = i18next.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return i18next.isInitialized ? t(message, { ns: 'problems', keySeparator: false, nsSeparator: false, defaultValue: message }) : message;
}

/** Fetches the problems' words in the reader's language (a form asks when it is drawn, before anyone can get one wrong). */
export function loadProblemWords() {
  if (i18next.isInitialized) void i18next.loadNamespaces('problems');
}
