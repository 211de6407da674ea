import { inflateSync } from 'node:zlib';

/** The text a PDF draws: each content stream inflated, each hex string shown with Tj decoded. */
export function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(shown[1] ?? '', 'hex').toString('latin1'));
  }
  return lines.join('\n');
}
