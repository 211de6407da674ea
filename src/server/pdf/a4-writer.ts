import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type * as HarfBuzz from 'harfbuzzjs';
import {
  beginText,
  endText,
  moveText,
  type PDFContext,
  PDFDocument,
  PDFHexString,
  type PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  PDFString,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextRise,
} from 'pdf-lib';

/**
 * Printable documents (a donation's receipt, a certificate of volunteering) as A4 PDFs: lines of text
 * from the top down, on as many pages as they take, in Noto Sans and Noto Sans Bengali (embedded,
 * subset). HarfBuzz (harfbuzzjs) shapes each run of text — fontkit's Indic shaper gets Bengali
 * conjuncts and reph wrong — and the glyphs are drawn at HarfBuzz's positions. Each line is
 * wrapped in a /Span with /ActualText, so copying or extracting text gives back what was written,
 * in logical order, whatever the glyph order on the page.
 */

type Style = 'regular' | 'bold';

/** The parts of fontkit 2 used here (@types/fontkit declares includeGlyph's argument and result wrongly). */
interface FontkitFont {
  postscriptName: string;
  ascent: number;
  descent: number;
  capHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  getGlyph(id: number): { advanceWidth: number };
  createSubset(): FontkitSubset;
}
interface FontkitSubset {
  /** Adds the glyph (and later, when encoding, its components); returns its id in the subset. */
  includeGlyph(id: number): number;
  encode(): Uint8Array;
}

/** One font file, parsed once per process: HarfBuzz for shaping, fontkit 2 for subsetting and metrics. */
interface Face {
  readonly name: string;
  readonly hb: HarfBuzz.Font;
  readonly fk: FontkitFont;
  /** 1000 / units per em: font units to PDF glyph space. */
  readonly scale: number;
  has(codePoint: number): boolean;
}
interface Fonts {
  readonly latin: Face;
  readonly bengali: Face;
}

const FILES: Record<Style, Record<keyof Fonts, string>> = {
  regular: {
    latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bengali: '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf',
  },
  bold: {
    latin: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    bengali: '@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf',
  },
};

function face(hb: typeof HarfBuzz, fontkit: typeof Fontkit, path: string): Face {
  const bytes = readFileSync(createRequire(import.meta.url).resolve(path));
  const hbFace = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(hbFace);
  const fk = fontkit.create(bytes) as unknown as FontkitFont;
  const cache = new Map<number, boolean>();
  return {
    name: fk.postscriptName,
    hb: font,
    fk,
    scale: 1000 / hbFace.upem,
    has(codePoint) {
      const known = cache.get(codePoint) ?? font.nominalGlyph(codePoint) !== undefined;
      cache.set(codePoint, known);
      return known;
    },
  };
}

/** HarfBuzz, once loaded: the shaper (WebAssembly, loaded with the fonts, not with the server). */
let hb: typeof HarfBuzz;
let loaded: Promise<Record<Style, Fonts>> | undefined;

/**
 * The four fonts, read and parsed on the first document and kept for the life of the process. The
 * shaper and the font reader are loaded then too: a server that makes no document never loads them.
 */
export function loadFonts(): Promise<Record<Style, Fonts>> {
  loaded ??= (async () => {
    const [harfbuzz, fontkit] = await Promise.all([import('harfbuzzjs'), import('fontkit')]);
    hb = harfbuzz;
    const read = (path: string) => face(harfbuzz, fontkit, path);
    return {
      regular: { latin: read(FILES.regular.latin), bengali: read(FILES.regular.bengali) },
      bold: { latin: read(FILES.bold.latin), bengali: read(FILES.bold.bengali) },
    };
  })();
  return loaded;
}

/* ------------------------------------------------------------------------------------------------
 * Runs and shaping
 * --------------------------------------------------------------------------------------------- */

interface Run {
  face: Face;
  /** UTF-16 offsets into the line. */
  start: number;
  end: number;
}
export interface Glyph {
  face: Face;
  id: number;
  /** UTF-16 offset of the first character of its cluster in the line. */
  cluster: number;
  /** In font units. */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
export interface ShapedLine {
  /** The text drawn: the line with characters neither font has replaced by '?'. */
  text: string;
  glyphs: Glyph[];
  /** Width at size 1000 (multiply by size / 1000 for points). */
  width: number;
}

const BENGALI = /\p{Script=Bengali}/u;
/** Characters that belong to the script around them: marks, joiners, spaces, digits, punctuation. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}\p{M}]/u;

/** Splits a line into runs by font: Bengali in Noto Sans Bengali, other letters in Noto Sans. */
function itemize(line: string, fonts: Fonts): { text: string; runs: Run[] } {
  const chars = [...line.replace(/\p{Cc}/gu, ' ')];
  const wanted: (Face | undefined)[] = chars.map((ch) => (BENGALI.test(ch) ? fonts.bengali : NEUTRAL.test(ch) ? undefined : fonts.latin));
  // Neutral characters take the font of what comes before them (or, at the start, after).
  let previous = wanted.find(Boolean) ?? fonts.latin;
  const faces = wanted.map((want) => (previous = want ?? previous));
  let text = '';
  const runs: Run[] = [];
  chars.forEach((ch, index) => {
    const code = ch.codePointAt(0) ?? 0x3f;
    let chosen = faces[index] ?? fonts.latin;
    if (!chosen.has(code)) {
      const other = chosen === fonts.latin ? fonts.bengali : fonts.latin;
      chosen = other.has(code) ? other : fonts.latin;
      if (!other.has(code)) ch = '?';
    }
    const last = runs.at(-1);
    if (last && last.face === chosen) last.end += ch.length;
    else runs.push({ face: chosen, start: text.length, end: text.length + ch.length });
    text += ch;
  });
  return { text, runs };
}

/** Shapes a line with HarfBuzz, run by run (each run shaped in the context of the whole line). */
export function shapeLine(line: string, fonts: Fonts): ShapedLine {
  const { text, runs } = itemize(line, fonts);
  const glyphs: Glyph[] = [];
  let width = 0;
  for (const run of runs) {
    const buffer = new hb.Buffer();
    buffer.addText(text, run.start, run.end - run.start);
    buffer.guessSegmentProperties();
    hb.shape(run.face.hb, buffer);
    const positions = buffer.getGlyphPositions();
    buffer.getGlyphInfos().forEach((info, index) => {
      const p = positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
      glyphs.push({
        face: run.face,
        id: info.codepoint,
        cluster: info.cluster,
        xAdvance: p.xAdvance,
        xOffset: p.xOffset,
        yOffset: p.yOffset,
      });
      width += p.xAdvance * run.face.scale;
    });
  }
  return { text, glyphs, width };
}

/** Breaks a line into lines no wider than `width` at `size`, measured as shaped in its fonts. */
function wrap(text: string, size: number, width: number, fonts: Fonts): string[] {
  const limit = (width * 1000) / size;
  const measured = new Map<string, number>();
  const measure = (s: string) => {
    const w = measured.get(s) ?? shapeLine(s, fonts).width;
    measured.set(s, w);
    return w;
  };
  // Words are measured one by one (with the space before them), then each line as a whole, so a
  // line is never wider than `width` as drawn (unless it is one word that is wider on its own).
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (let start = 0, end = 0; start < words.length; start = end) {
    let estimate = measure(words[start] ?? '');
    for (end = start + 1; end < words.length && estimate + measure(` ${words[end]}`) <= limit; end++) estimate += measure(` ${words[end]}`);
    while (end - start > 1 && measure(words.slice(start, end).join(' ')) > limit) end--;
    lines.push(words.slice(start, end).join(' '));
  }
  return lines;
}

/* ------------------------------------------------------------------------------------------------
 * Embedding: a Type0 / CIDFontType2 font per face used, with its glyphs subset by fontkit 2
 * --------------------------------------------------------------------------------------------- */

/** A face as used in one document: the glyphs drawn so far, their widths and their text. */
class EmbeddedFace {
  readonly ref: PDFRef;
  private readonly subset: FontkitSubset;
  private readonly ids = new Map<number, number>();
  private readonly widths = new Map<number, number>();
  private readonly unicode = new Map<number, string>();
  constructor(
    readonly face: Face,
    private readonly context: PDFContext,
    private readonly tag: string,
  ) {
    this.ref = context.nextRef();
    this.subset = face.fk.createSubset();
  }

  /** The glyph's code (its id in the subset); `text` is what it stands for, for /ToUnicode. */
  code(glyph: number, text: string): string {
    let id = this.ids.get(glyph);
    if (id === undefined) {
      id = this.subset.includeGlyph(glyph);
      this.ids.set(glyph, id);
      this.widths.set(id, this.face.fk.getGlyph(glyph).advanceWidth * this.face.scale);
    }
    if (text && !this.unicode.get(id)) this.unicode.set(id, text);
    return id.toString(16).padStart(4, '0');
  }

  width(glyph: number): number {
    return this.widths.get(this.ids.get(glyph) ?? 0) ?? 0;
  }

  async embed() {
    const { context, face } = this;
    const fk = face.fk;
    const program = this.subset.encode();
    const name = `${this.tag}+${face.name}`;
    const s = face.scale;
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: name,
        Flags: 4,
        FontBBox: [fk.bbox.minX * s, fk.bbox.minY * s, fk.bbox.maxX * s, fk.bbox.maxY * s].map(Math.round),
        ItalicAngle: fk.italicAngle,
        Ascent: Math.round(fk.ascent * s),
        Descent: Math.round(fk.descent * s),
        CapHeight: Math.round((fk.capHeight || fk.ascent) * s),
        StemV: 80,
        FontFile2: context.register(context.flateStream(program, { Length1: program.length })),
      }),
    );
    const ids = [...this.widths.keys()].sort((a, b) => a - b);
    const w: (number | number[])[] = [];
    for (const id of ids) {
      const last = w.at(-1);
      const first = w.at(-2);
      if (Array.isArray(last) && typeof first === 'number' && first + last.length === id) last.push(round(this.widths.get(id) ?? 0));
      else w.push(id, [round(this.widths.get(id) ?? 0)]);
    }
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        CIDToGIDMap: 'Identity',
        W: w,
      }),
    );
    const toUnicode = context.register(context.flateStream(cmap(this.unicode)));
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: name,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
const utf16Hex = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join('');

function cmap(unicode: Map<number, string>): string {
  const entries = [...unicode].filter(([, text]) => text).sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([id, text]) => `<${id.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n${blocks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend`;
}

/**
 * What each glyph stands for, for /ToUnicode (a fallback: /ActualText is what readers use): a
 * cluster's characters go to the glyphs that map to them directly, the rest to its first other glyph.
 */
function glyphTexts(line: ShapedLine): string[] {
  const starts = [...new Set(line.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const texts = line.glyphs.map(() => '');
  const byCluster = new Map<number, number[]>();
  line.glyphs.forEach((g, index) => {
    byCluster.set(g.cluster, [...(byCluster.get(g.cluster) ?? []), index]);
  });
  for (const [cluster, indexes] of byCluster) {
    const end = starts.find((s) => s > cluster) ?? line.text.length;
    const left = [...line.text.slice(cluster, end)];
    const unmatched: number[] = [];
    for (const index of indexes) {
      const g = line.glyphs[index];
      const at = g ? left.findIndex((ch) => g.face.hb.nominalGlyph(ch.codePointAt(0) ?? 0) === g.id) : -1;
      if (at >= 0) texts[index] = left.splice(at, 1).join('');
      else unmatched.push(index);
    }
    const first = unmatched[0];
    if (first !== undefined) texts[first] = left.join('');
  }
  return texts;
}

/* ------------------------------------------------------------------------------------------------
 * The document
 * --------------------------------------------------------------------------------------------- */

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
export async function a4Document(meta: { title: string; author: string; created: Date }, options: { actualText?: boolean } = {}) {
  const { actualText = true } = options;
  const fonts = await loadFonts();
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(meta.created);
  const context = pdf.context;
  const embedded = new Map<Face, EmbeddedFace>();
  // A subset's font name starts with six capital letters and '+', different for each subset in the file.
  const tag = (n: number) => String.fromCharCode(65 + (n % 26)).repeat(6);
  const use = (f: Face) => {
    const e = embedded.get(f) ?? new EmbeddedFace(f, context, tag(embedded.size));
    embedded.set(f, e);
    return e;
  };
  const keys = new Map<PDFPage, Map<EmbeddedFace, PDFName>>();
  const keyOf = (p: PDFPage, e: EmbeddedFace) => {
    const onPage = keys.get(p) ?? new Map<EmbeddedFace, PDFName>();
    keys.set(p, onPage);
    const key = onPage.get(e) ?? p.node.newFontDictionary(e.face.name, e.ref);
    onPage.set(e, key);
    return key;
  };

  let page: PDFPage = pdf.addPage(A4);
  const width = page.getWidth() - MARGIN * 2;
  let y = page.getHeight() - MARGIN;

  /** Draws one shaped line with its baseline at (x, y). */
  const drawLine = (line: ShapedLine, x: number, baseline: number, size: number, color: ReturnType<typeof rgb>) => {
    const texts = glyphTexts(line);
    const ops: PDFOperator[] = [];
    if (actualText)
      ops.push(
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
          context.obj('Span'),
          // An inline property list: pdf-lib's PDFOperatorArg type leaves out PDFDict, but writes it.
          context.obj({ ActualText: PDFHexString.fromText(line.text) }) as unknown as PDFName,
        ]),
      );
    ops.push(beginText(), setFillingColor(color), moveText(x, baseline));
    // Positions in glyph space (1000 = the font size): `pen` where HarfBuzz puts the next glyph,
    // `cursor` where the PDF's text position is after the glyphs shown so far.
    let pen = 0;
    let cursor = 0;
    let rise = 0;
    let current: EmbeddedFace | undefined;
    let items: (PDFHexString | PDFNumber)[] = [];
    let hex = '';
    const flushHex = () => {
      if (hex) items.push(PDFHexString.of(hex));
      hex = '';
    };
    const show = () => {
      flushHex();
      if (items.length) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [context.obj(items)]));
      items = [];
    };
    line.glyphs.forEach((g, index) => {
      const e = use(g.face);
      if (e !== current) {
        show();
        ops.push(setFontAndSize(keyOf(page, e), size));
        current = e;
      }
      const wantRise = round((g.yOffset * g.face.scale * size) / 1000);
      if (wantRise !== rise) {
        show();
        ops.push(setTextRise(wantRise));
        rise = wantRise;
      }
      const code = e.code(g.id, texts[index] ?? '');
      const target = pen + g.xOffset * g.face.scale;
      if (Math.abs(target - cursor) > 0.005) {
        flushHex();
        items.push(PDFNumber.of(round(cursor - target)));
      }
      hex += code;
      cursor = target + e.width(g.id);
      pen += g.xAdvance * g.face.scale;
    });
    show();
    if (rise) ops.push(setTextRise(0));
    ops.push(endText());
    if (actualText) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    page.pushOperators(...ops);
  };

  /** Writes text, wrapped, from the left margin; a line that would run off the page starts the next. */
  const write = (text: string, options: WriteOptions = {}) => {
    const { size = 11, color = colours.dark, gap = 4 } = options;
    const style = options.bold ? 'bold' : 'regular';
    for (const line of wrap(text, size, width, fonts[style])) {
      if (y - size < MARGIN) {
        page = pdf.addPage(A4);
        y = page.getHeight() - MARGIN;
      }
      y -= size;
      drawLine(shapeLine(line, fonts[style]), MARGIN, y, size, color);
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
  let saved = false;
  const save = async () => {
    if (!saved) for (const e of embedded.values()) await e.embed();
    saved = true;
    return pdf.save();
  };
  return { write, detail, space, save };
}
