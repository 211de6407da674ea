import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/language.ts';

/**
 * The product's words in every language it speaks (DECISIONS 5): the same keys with the same places in
 * each language's file of each area, every key the code asks for written in English, and no visible
 * English written into a screen's source (every screen speaks through src/web/locales).
 */
const localesDir = path.dirname(new URL(import.meta.url).pathname);
const webDir = path.dirname(localesDir);
const serverDir = path.join(path.dirname(webDir), 'server');
/** The web's words and the server's (documents, mail, API messages). */
const sides = [
  { name: 'web', locales: localesDir, sources: webDir },
  { name: 'server', locales: path.join(serverDir, 'locales'), sources: serverDir },
  // The problems a form or the API reports, keyed by their English text (no screen asks for them by key).
  { name: 'shared', locales: path.join(path.dirname(webDir), 'shared', 'locales'), sources: null },
];

type Words = { [key: string]: string | Words };
const read = (locales: string, language: string, area: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${area}.json`), 'utf8')) as Words;
const areasOf = (locales: string) => readdirSync(path.join(locales, 'en')).map((file) => file.replace(/\.json$/, ''));

/** Every key as 'a.b.c' with its text. */
function flatten(words: Words, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(words)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

const places = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.(tsx|ts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Visible English in a screen's source: text between JSX tags, and labels, titles and placeholders written as literals. */
function visibleEnglish(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?<![=-])>\s*([A-Za-z][^<>{}]*?)\s*</g)) {
    const text = match[1] ?? '';
    // A generic type or comparison (`Array<string>`, `a > b`) is code, not text.
    if (/^[A-Za-z_][\w.]*$/.test(text) && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(text)) continue;
    if (/[;=()]|=>|&&|\|\|/.test(text)) continue;
    found.push(text.trim());
  }
  for (const match of source.matchAll(
    /\b(aria-label|label|title|placeholder|description|alt|confirmLabel|cancelLabel)="([^"]*[A-Za-z][^"]*)"/g,
  )) {
    found.push(`${match[1]}="${match[2]}"`);
  }
  return found;
}

describe('the words in every language', () => {
  for (const side of sides)
    for (const area of areasOf(side.locales)) {
      it(`has every ${side.name} ${area} word in every language, with the same places to fill`, () => {
        const english = flatten(read(side.locales, 'en', area));
        for (const language of languages.filter((l) => l !== 'en')) {
          const other = flatten(read(side.locales, language, area));
          expect([...other.keys()].sort(), `${language}/${area}.json keys`).toEqual([...english.keys()].sort());
          for (const [key, text] of english) {
            const translated = other.get(key) ?? '';
            expect(translated.trim(), `${language}/${area}.json ${key} is empty`).not.toBe('');
            expect(places(translated), `${language}/${area}.json ${key} fills other places`).toEqual(places(text));
          }
        }
      });
    }

  it('writes in English every word the screens and the server ask for', () => {
    const missing: string[] = [];
    for (const side of sides)
      for (const file of side.sources ? sourceFiles(side.sources) : []) {
        const english = new Map(areasOf(side.locales).map((area) => [area, flatten(read(side.locales, 'en', area))]));
        const source = readFileSync(file, 'utf8');
        if (side.name === 'server' && !/\b(wordsFor|mailWords)\(/.test(source)) continue;
        const area =
          /useTranslation\('(\w+)'\)/.exec(source)?.[1] ??
          /TFunction<'(\w+)'>/.exec(source)?.[1] ??
          /wordsFor\([^)]*?, '(\w+)'\)/.exec(source)?.[1] ??
          (source.includes('mailWords(') ? 'mail' : 'common');
        // `t('key'`, and a mail template's `mailWords(mail)('key'`.
        for (const match of source.matchAll(/(?:\bt|\bmailWords\(\w+\))\('([\w.]+)'/g)) {
          const [ns, key] = match[1]?.includes(':') ? (match[1].split(':') as [string, string]) : [area, match[1] as string];
          // A plural key is written as key_one and key_other.
          const words = english.get(ns);
          if (!words?.has(key) && !words?.has(`${key}_other`)) missing.push(`${path.relative(side.sources ?? '', file)}: ${ns}:${key}`);
        }
      }
    expect(missing).toEqual([]);
  });

  it('keys each problem by its English words, which English shows as they are', () => {
    const shared = sides.find((side) => side.name === 'shared')?.locales ?? '';
    for (const [key, text] of flatten(read(shared, 'en', 'problems'))) expect(text).toBe(key);
  });

  it('leaves no English written into a screen', () => {
    const leftover: string[] = [];
    for (const file of sourceFiles(webDir).filter((f) => f.endsWith('.tsx'))) {
      const english = visibleEnglish(readFileSync(file, 'utf8'));
      if (english.length > 0) leftover.push(`${path.relative(webDir, file)}: ${english.join(' | ')}`);
    }
    expect(leftover, 'visible English in a screen: put it in src/web/locales').toEqual([]);
  });
});
