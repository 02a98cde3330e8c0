import type PDFDocument from 'pdfkit';
import { Recent } from './recent.js';
import { fontInForce } from './repeats.js';

type Doc = InstanceType<typeof PDFDocument>;

interface Position {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

interface LineFont {
  id: string;
  font: object; // the parsed font, shared by the documents of a thread
  ascender: number;
  encode(text: string): [string[], Position[]];
  ref(): unknown;
}

interface LineDoc {
  _font: LineFont | null;
  _fontSize: number;
  _textOptions: unknown;
  page: { fonts: Record<string, unknown> };
  x: number;
  y: number;
  addContent(op: string): unknown;
  widthOfString(text: string): number;
}

/**
 * A number in a content stream as PDFKit writes it (PDFObject.number): six decimals at most. Fewer
 * would make the streams shorter, but at three a 150 dpi rendering of a key differs in ~0.06% of
 * its pixels (edges that lay on a pixel's border), at five in a few, so positions stay as they were.
 */
export const pt = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Each document font's TJ operator for a text, when no glyph of it is offset (then the operator
 * does not depend on where the text goes). The glyph numbers are the document's own subset's, so
 * the table belongs to PDFKit's font object of one document; bounded, since a key of 1,000 pupils
 * draws thousands of distinct codes with one font object.
 */
const shown = new WeakMap<object, Map<string, string>>();
const MAX_SHOWN = 400;
const MAX_COMMON = 1000;

/**
 * The same for every document of this thread that uses a parsed font, for texts whose glyphs are all
 * among those each document's subset numbers first and alike (seedGlyphs): digits, letters and signs.
 * Every pupil's sheet and key draws the same words and numbers, and each document encoded them again
 * (its own subset's numbers) on first use: ~1.5 ms a pupil of the README plan.
 */
const common = new WeakMap<object, Recent<string>>();
const seeded = new WeakMap<object, number>();

/** Records that the first `glyphs` of this document font's subset are numbered as in every other document with its parsed font. */
export function seedGlyphs(f: object, glyphs: number): void {
  seeded.set(f, glyphs);
}

function showOps(f: LineFont, text: string, size: number, x: number, y: number): string {
  let table = shown.get(f);
  const known = table?.get(text);
  if (known !== undefined) return known;
  const alike = seeded.get(f);
  let shared = alike === undefined ? undefined : common.get(f.font);
  const same = shared?.get(text);
  if (same !== undefined) return same;
  const out: string[] = [];
  // From here on as PDFKit's _fragment writes it (its encode also records the glyphs the subset
  // needs), with the text matrix flipped (see writeLine): y runs down the page.
  const [encoded, positions] = f.encode(text);
  const scale = size / 1e3;
  const commands: string[] = [];
  let last = 0;
  let offsets = false;
  let hadOffset = false;
  const addSegment = (cur: number) => {
    if (last < cur) {
      const advance = positions[cur - 1]!.xAdvance - positions[cur - 1]!.advanceWidth;
      commands.push(`<${encoded.slice(last, cur).join('')}> ${pt(-advance)}`);
    }
    last = cur;
  };
  const flush = (i: number) => {
    addSegment(i);
    if (commands.length > 0) {
      out.push(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i]!;
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      out.push(`1 0 0 -1 ${pt(x + pos.xOffset * scale)} ${pt(y - pos.yOffset * scale)} Tm`);
      flush(i + 1);
      hadOffset = offsets = true;
    } else {
      if (hadOffset) {
        out.push(`1 0 0 -1 ${pt(x)} ${pt(y)} Tm`);
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(i);
  const ops = out.join('\n');
  if (offsets) return ops;
  if (alike !== undefined && encoded.every((hex) => parseInt(hex, 16) < alike)) {
    if (!shared) common.set(f.font, (shared = new Recent(MAX_COMMON)));
    shared.set(text, ops);
    return ops;
  }
  if (!table) shown.set(f, (table = new Map()));
  if (table.size >= MAX_SHOWN) table.clear();
  table.set(text, ops);
  return ops;
}

/**
 * One line of text at (x, y), top-left as PDFKit places it, and the document's x and y left where
 * PDFKit's `text(text, x, y, { lineBreak: false })` leaves them (later measurements depend on
 * them). PDFKit's text goes through option merging, line splitting, word counting and a transform
 * stack for every digit of every grid, and wraps each text in q, a flip of the page's y-down
 * coordinates back to the PDF's own, and Q. Here the text matrix itself is flipped (1 0 0 -1 x y),
 * which puts every glyph in the same place, upright, in the page's coordinates, without the three
 * operators; the glyphs and their spacing are PDFKit's own (the shown glyphs of a text drawn before
 * come from the table above). Returns false, having written nothing, when PDFKit must draw it
 * (several lines, or a continued text's options in force).
 */
export function writeLine(doc: Doc, text: string, x: number, y: number): boolean {
  const d = doc as unknown as LineDoc;
  const f = d._font;
  if (!f || d._textOptions || text.includes('\n')) return false;
  d.x = x;
  d.y = y;
  if (text.length > 0) {
    const size = d._fontSize;
    const baseline = y + (f.ascender / 1e3) * size;
    const page = d.page;
    if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
    const show = showOps(f, text, size, x, baseline);
    const tf = `/${f.id} ${pt(size)} Tf`;
    const font = fontInForce(doc, tf) ? '' : `${tf}\n`;
    d.addContent(`BT\n1 0 0 -1 ${pt(x)} ${pt(baseline)} Tm\n${font}${show ? `${show}\n` : ''}ET`);
  }
  d.x = x + d.widthOfString(text);
  return true;
}
