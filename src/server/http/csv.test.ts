import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvPages } from './csv.ts';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['with "quotes"', '"with ""quotes"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example","click")', '"\'=HYPERLINK(""http://evil.example"",""click"")"'],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['', ''],
  ])('writes %j as %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers and empty values, and ends lines with CRLF', () => {
    expect(csvLine([30, null, undefined, 'x'])).toBe('30,,,x\r\n');
  });

  it('pages until a page comes back empty', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const pages: (number | undefined)[] = [];
    const chunks: string[] = [];
    for await (const chunk of csvPages(
      ['id'],
      async (after: number | undefined) => {
        pages.push(after);
        return rows.filter((r) => r.id > (after ?? 0)).slice(0, 2);
      },
      (row) => row.id,
      (row) => [row.id],
    )) {
      chunks.push(chunk);
    }
    expect(chunks.join('')).toBe('\uFEFFid\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
    expect(pages).toEqual([undefined, 2, 4, 5]);
  });
});
