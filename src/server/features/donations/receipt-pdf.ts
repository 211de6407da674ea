import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Receipt } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { receiptTime } from '../../mail/templates/donation-receipt.tsx';

/**
 * Text the PDF's standard font can write (Windows-1252): anything else (a name in another script) is
 * written as '?', so a receipt is always produced rather than failing on one character.
 */
function writable(text: string): string {
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
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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

/** The printable receipt as a PDF (A4): the charity, the donation, and whether it was refunded. */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const amount = formatAmount(receipt.amount, receipt.currency);
  pdf.setTitle(writable(`Donation receipt: ${amount} to ${receipt.charity.name}`));
  pdf.setAuthor(writable(receipt.charity.name));
  pdf.setCreationDate(new Date(receipt.date));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  const grey = rgb(0.32, 0.38, 0.43);
  const dark = rgb(0.12, 0.16, 0.2);

  const write = (text: string, options: { font?: PDFFont; size?: number; color?: typeof dark; gap?: number } = {}) => {
    const { font = regular, size = 11, color = dark, gap = 4 } = options;
    for (const line of wrap(text, font, size, width)) {
      y -= size;
      page.drawText(line, { x: margin, y, size, font, color });
      y -= gap;
    }
  };
  const detail = (name: string, value: string) => {
    write(name, { size: 9, color: grey, gap: 2 });
    write(value, { font: bold, size: 12, gap: 10 });
  };

  write(receipt.charity.name, { font: bold, size: 16, gap: 4 });
  if (receipt.charity.address) write(receipt.charity.address, { size: 10, color: grey });
  if (receipt.charity.registrationNumber)
    write(`Registered charity number ${receipt.charity.registrationNumber}`, { size: 10, color: grey });
  write(receipt.charity.website, { size: 10, color: grey, gap: 24 });

  write('Donation receipt', { font: bold, size: 22, gap: 18 });
  if (receipt.refundedAt) {
    write(`Refunded on ${receiptTime(new Date(receipt.refundedAt))}: this donation was given back in full.`, {
      font: bold,
      size: 12,
      color: rgb(0.66, 0.12, 0.12),
      gap: 16,
    });
  }
  detail('Amount', `${amount} (${receipt.currency.toUpperCase()})`);
  detail('Date', receiptTime(new Date(receipt.created)));
  detail('For', receipt.event);
  detail('Donor', receipt.email);
  detail('Transaction reference', receipt.transaction);
  detail('Receipt number', receipt._id);
  if (receipt.last4) detail('Card', `Card ending ${receipt.last4}`);
  detail('Received by', `${receipt.charity.name}, ${receipt.charity.website}`);
  y -= 8;
  write(`Questions about this donation: ${receipt.charity.contact}`, { size: 10, color: grey });
  write('Thank you for your support.', { size: 10, color: grey });
  return pdf.save();
}
