import type PDFDocument from 'pdfkit';
import { Recent } from './recent.js';

/**
 * Work PDFKit does again for every document and every pupil of a batch, done once per thread and
 * looked up after: what it computes and writes is unchanged, so the bytes are the same.
 */

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Heights of wrapped paragraphs, shared by the documents of this thread. A page measures each of its
 * paragraphs two or three times (to place the slots, then each block, then to draw it), and every
 * pupil's page measures the same instructions at the same places: ~70 measurements a pupil, each a
 * full line-breaking pass, of which 99% were made before. PDFKit's height is a pure function of the
 * font, its size and line gap, the text, the options and where the text starts (it adds line heights
 * to the current y and subtracts it again, so the starting point changes the last bits): all of it
 * is the key. Only the options Draw uses are taken; anything else is measured as before.
 */
const heights = new Recent<number>(500);
const fontKeys = new WeakMap<object, number>();
let nextFontKey = 0;

interface TextState {
  _font: { font: object } | null;
  _fontSize: number;
  _lineGap: number;
  _wrapper: unknown;
  _textOptions: unknown;
  x: number;
  y: number;
  heightOfString(text: string, options?: Record<string, unknown>): number;
}

function plainOptions(o: Record<string, unknown> | undefined): o is { width: number; lineGap?: number; align?: string } {
  if (!o || typeof o.width !== 'number') return false;
  for (const k in o) if (k !== 'width' && k !== 'lineGap' && k !== 'align') return false;
  return (o.lineGap === undefined || typeof o.lineGap === 'number') && (o.align === undefined || typeof o.align === 'string');
}

export function shareHeights(doc: Doc): void {
  const d = doc as unknown as TextState;
  const measure = d.heightOfString.bind(d);
  d.heightOfString = (text: string, options?: Record<string, unknown>) => {
    const font = d._font?.font;
    if (typeof text !== 'string' || !font || d._wrapper || d._textOptions || !plainOptions(options)) return measure(text, options);
    let fk = fontKeys.get(font);
    if (fk === undefined) fontKeys.set(font, (fk = nextFontKey++));
    const key = `${fk} ${d._fontSize} ${d._lineGap} ${d.x} ${d.y} ${options.width} ${options.lineGap} ${options.align}\u0000${text}`;
    let h = heights.get(key);
    if (h === undefined) heights.set(key, (h = measure(text, options)));
    return h;
  };
}

/**
 * PDFKit parses a colour given as '#rrggbb' into three fractions and prints them each time it is
 * set: thousands of times a pupil, for the same few colours. Here the printed fractions are kept,
 * made as PDFKit makes them, and the same two operators written; other colours go to PDFKit.
 */
const rgbOperands = new Map<string, string>();
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function shareColours(doc: Doc): void {
  const d = doc as unknown as { _setColorCore(color: unknown, stroke: boolean): boolean; addContent(op: string): unknown };
  const setColour = d._setColorCore.bind(d);
  d._setColorCore = (color: unknown, stroke: boolean) => {
    if (typeof color !== 'string') return setColour(color, stroke);
    let operands = rgbOperands.get(color);
    if (operands === undefined) {
      if (!HEX_COLOUR.test(color)) return setColour(color, stroke);
      const hex = parseInt(color.slice(1), 16);
      operands = [hex >> 16, (hex >> 8) & 255, hex & 255].map((part) => part / 255).join(' ');
      rgbOperands.set(color, operands);
    }
    d.addContent(stroke ? '/DeviceRGB CS' : '/DeviceRGB cs');
    d.addContent(`${operands} ${stroke ? 'SCN' : 'scn'}`);
    return true;
  };
}
