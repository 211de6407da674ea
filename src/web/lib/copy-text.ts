import { notify } from './notify.ts';

/**
 * Puts `text` on the clipboard and says so ('Link copied'). Where the browser refuses (no permission,
 * an insecure page), the toast shows the text instead, so it can still be copied by hand.
 */
export async function copyText(text: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    void notify({ color: 'teal', message: copied });
    return true;
  } catch {
    void notify({ color: 'red', title: 'Could not copy: copy it from here', message: text });
    return false;
  }
}
