import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * Printable documents (a donation's receipt, a certificate of volunteering) as A4 PDFs: lines of text
 * from the top down, in the standard fonts, on as many pages as they take.
 */

/**
 * Text the PDF's standard font can write (Windows-1252): anything else (a name in another script) is
 * written as '?', so a document is always produced rather than failing on one character.
 */
export function writable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code === 0x0a) return ' ';
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(ch)) return ch;
      return '?';
    })
    .join('');
}

/** Breaks a line into lines no wider than `width` at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of writable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export const colours = { grey: rgb(0.32, 0.38, 0.43), dark: rgb(0.12, 0.16, 0.2), red: rgb(0.66, 0.12, 0.12) };

export interface WriteOptions {
  bold?: boolean;
  size?: number;
  color?: ReturnType<typeof rgb>;
  /** Space after the line, in points. */
  gap?: number;
}

/** A new A4 document with its title, author and date, and the means to write it line by line. */
export async function a4Document(meta: { title: string; author: string; created: Date }) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(writable(meta.title));
  pdf.setAuthor(writable(meta.author));
  pdf.setCreationDate(meta.created);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  const width = page.getWidth() - MARGIN * 2;
  let y = page.getHeight() - MARGIN;

  /** Writes text, wrapped, from the left margin; a line that would run off the page starts the next. */
  const write = (text: string, options: WriteOptions = {}) => {
    const { size = 11, color = colours.dark, gap = 4 } = options;
    const font = options.bold ? bold : regular;
    for (const line of wrap(text, font, size, width)) {
      if (y - size < MARGIN) {
        page = pdf.addPage(A4);
        y = page.getHeight() - MARGIN;
      }
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= gap;
    }
  };
  /** A labelled value: the label small and grey, the value bold beneath it. */
  const detail = (name: string, value: string) => {
    write(name, { size: 9, color: colours.grey, gap: 2 });
    write(value, { bold: true, size: 12, gap: 10 });
  };
  /** Blank space before what comes next. */
  const space = (points: number) => {
    y -= points;
  };
  return { write, detail, space, save: () => pdf.save() };
}
