import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { a4Document, loadFonts, shapeLine } from './a4-writer.ts';

/**
 * Documents in any name and in Bengali: the fonts are embedded (Noto Sans, Noto Sans Bengali), the
 * Bengali shaped as HarfBuzz shapes it (conjuncts, reph, vowel signs drawn before their consonant), and
 * the text a reader copies out of the PDF is what was written.
 */
const lines = [
  'Donation receipt',
  'Receipt for ক্ষমা শ্রাবন্তী — $30.00',
  'Łukasz Żółć, Zoë Ærø, François Nguyễn',
  'রবীন্দ্রনাথ ঠাকুর',
  'কিছু টাকা ১,০০০.০০৳ দান করেছেন',
  'স্বাস্থ্য সন্ধ্যা বাংলাদেশ কৌশিক র্ক জ্ঞান ক্ত্র',
];

async function documentOf(written: string[]) {
  const { write, save } = await a4Document({ title: 'দানের রসিদ: Łukasz', author: 'সাহায্যের হাত', created: new Date('2026-11-28T10:00:00Z') });
  for (const line of written) write(line);
  return save();
}

const fontFile = (name: string) => createRequire(import.meta.url).resolve(name);

/** Glyph ids as `hb-shape` (Debian's libharfbuzz-bin) gives them for `text` in the font file. */
function hbShape(file: string, text: string): number[] {
  const out = execFileSync('hb-shape', ['--no-glyph-names', '--no-positions', '--no-clusters', file, text], { encoding: 'utf8' });
  return out
    .trim()
    .replace(/^\[|\]$/g, '')
    .split('|')
    .map(Number);
}

describe('A4 documents in every script', () => {
  it('gives back, to pdftotext, exactly the lines written: Latin, extended Latin and Bengali', async () => {
    const bytes = await documentOf(lines);
    expect(pdfText(bytes)).toBe(lines.join('\n'));
  });

  it('shapes Bengali as HarfBuzz itself does, glyph for glyph', async () => {
    const bengali = fontFile('@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf');
    const fonts = (await loadFonts()).regular;
    for (const text of ['ক্ষমা', 'শ্রাবন্তী', 'রবীন্দ্রনাথ', 'কিছু', 'স্বাস্থ্য', 'সন্ধ্যা', 'বাংলাদেশ', 'কৌশিক', 'ক্ত্র']) {
      const shaped = shapeLine(text, fonts).glyphs.map((glyph) => glyph.id);
      expect(shaped, text).toEqual(hbShape(bengali, text));
    }
  });

  it('embeds subsets of the fonts, not the standard ones, and writes a character neither font has as ?', async () => {
    const bytes = await documentOf(['Zoë 中 ক্ষমা']);
    // poppler's pdffonts: name, type, encoding, embedded, subset, ToUnicode, for each font the pages use.
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes, encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.map((row) => row.split(/\s+/).filter(Boolean))).toEqual([
      [
        expect.stringMatching(/^[A-Z]{6}\+NotoSans-Regular$/),
        'CID',
        'TrueType',
        'Identity-H',
        'yes',
        'yes',
        'yes',
        expect.any(String),
        '0',
      ],
      [
        expect.stringMatching(/^[A-Z]{6}\+NotoSansBengali-Regular$/),
        'CID',
        'TrueType',
        'Identity-H',
        'yes',
        'yes',
        'yes',
        expect.any(String),
        '0',
      ],
    ]);
    expect(pdfText(bytes)).toBe('Zoë ? ক্ষমা');
    // Subset: far smaller than the 630 KB and 141 KB font files.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('wraps a long line within the page, however the scripts mix', async () => {
    const long = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'স্বেচ্ছাসেবক' : 'volunteers')).join(' ');
    const text = pdfText(await documentOf([long]));
    expect(text.split('\n').length).toBeGreaterThan(1);
    expect(text.replace(/\n/g, ' ')).toBe(long);
  });
});
