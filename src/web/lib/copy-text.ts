import i18next from 'i18next';
import { notify } from './notify.ts';

/**
 * Puts `text` on the clipboard and says so ('Link copied'). Where the browser refuses (no permission,
 * an insecure page), the toast shows the text instead, so it can still be copied by hand. Said in the
 * reader's language: a click runs in the browser, whose i18next instance is the page's (i18n-browser.ts).
 */
export async function copyText(text: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    void notify({ color: 'teal', message: copied });
    return true;
  } catch {
    void notify({ color: 'red', title: i18next.t('copy.failed'), message: text });
    return false;
  }
}
