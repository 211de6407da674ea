import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws: each content stream inflated, each hex string shown with Tj decoded. A stream is
 * read by its dictionary's /Length, not up to the next "endstream": deflated bytes may end in a carriage
 * return, which a search for "\r?\nendstream" would take as the line break and cut off.
 */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\/Length (\d+)(?:[^>]|>(?!>))*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const raw = bytes.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(shown[1] ?? '', 'hex').toString('latin1'));
  }
  return lines.join('\n');
}
