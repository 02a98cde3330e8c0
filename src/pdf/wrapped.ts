import type PDFDocument from 'pdfkit';
import { writeLine } from './line.js';
import { Recent } from './recent.js';
import { fontKey, type TextState } from './repeats.js';

type Doc = InstanceType<typeof PDFDocument>;

/** A line as PDFKit's line wrapper hands it to be drawn, with what its drawing measures of it. */
interface Line {
  text: string; // without its line break, as PDFKit draws it
  textWidth: number;
  lineWidth: number;
  inkWidth: number; // without its trailing spaces: what right alignment sets against the edge
}

interface WrapDoc extends TextState {
  page: { maxY(): number };
  currentLineHeight(includeGap?: boolean): number;
  widthOfString(text: string): number;
  _text(text: string, x: number, y: number, options: object, line: (text: string, o: { textWidth: number; lineWidth: number }) => void): unknown;
}

/**
 * The lines of wrapped paragraphs, shared by the documents of this thread. Every pupil's sheet draws
 * the same rules and worked-example sentences at the same widths, and PDFKit broke each into lines
 * again for every pupil (~250 ms in 220 pupils of the README plan, 2% of all) before drawing them.
 * Where the breaks fall depends only on the font, its size, the width and the text.
 */
const wrapped = new Recent<Line[]>(300);

function linesOf(d: WrapDoc, text: string, width: number): Line[] {
  const key = `${fontKey(d._font!.font)} ${d._fontSize} ${width}\u0000${text}`;
  let lines = wrapped.get(key);
  if (lines) return lines;
  const found: Line[] = [];
  const { x, y } = d;
  // PDFKit's own wrapper, with no bottom to break pages at: the lines only, drawn below.
  d._text(text, x, y, { width, height: Infinity }, (line, o) => {
    const t = line.replace(/\n/g, '');
    found.push({ text: t, textWidth: o.textWidth, lineWidth: o.lineWidth, inkWidth: d.widthOfString(t.replace(/\s+$/, '')) });
  });
  d.x = x;
  d.y = y;
  wrapped.set(key, (lines = found));
  return lines;
}

/**
 * A paragraph as `doc.text(text, x, y, { width, align, lineGap })` draws it: its lines where PDFKit
 * puts them (its alignment and line pitch), each written by writeLine, and the document's x and y
 * left as PDFKit leaves them. Returns false, having drawn nothing, for what only PDFKit does: a
 * continued text, justified lines, or a paragraph that reaches the page's foot (PDFKit would start a
 * new page there).
 */
export function drawWrapped(doc: Doc, text: string, x: number, y: number, o: { width: number; align: string; lineGap: number }): boolean {
  const d = doc as unknown as WrapDoc;
  if (!d._font || d._wrapper || d._textOptions) return false;
  if (o.align !== 'left' && o.align !== 'center' && o.align !== 'right') return false;
  const lines = linesOf(d, text, o.width);
  const lh = d.currentLineHeight(true);
  const pitch = lh + (o.lineGap || d._lineGap || 0);
  // a point to spare: PDFKit's own test of the foot adds the pitches one by one
  if (y + lines.length * pitch + lh >= d.page.maxY() - 1) return false;
  let at = y;
  for (const line of lines) {
    if (line.text.length) {
      let lx = x;
      if (o.align === 'right') lx += line.lineWidth - line.inkWidth;
      else if (o.align === 'center') lx += line.lineWidth / 2 - line.textWidth / 2;
      writeLine(doc, line.text, lx, at);
    }
    at += pitch;
  }
  d.x = x;
  d.y = at;
  return true;
}
