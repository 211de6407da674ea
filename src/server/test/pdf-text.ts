import { execFileSync } from 'node:child_process';

/**
 * The text a PDF gives back to a reader that copies or extracts it, as poppler's `pdftotext` reads it
 * (Debian's poppler-utils): what a person searching or copying the document gets, Bengali included.
 */
export function pdfText(bytes: Uint8Array): string {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' }).replace(/\f/g, '').trimEnd();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('The PDF tests read documents with pdftotext: install it (Debian/Ubuntu: `sudo apt-get install -y poppler-utils`).');
    }
    throw error;
  }
}
