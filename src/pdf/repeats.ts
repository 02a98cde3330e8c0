import type PDFDocument from 'pdfkit';
import { Recent } from './recent.js';

/**
 * Work PDFKit does again for every document and every pupil of a batch, done once per thread and
 * looked up after: what it computes and writes is unchanged (colours aside, see below), so every
 * pupil's bytes are the same whatever was drawn before.
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

/** A number for a parsed font, the same in every document of this thread that uses it. */
export function fontKey(font: object): number {
  let fk = fontKeys.get(font);
  if (fk === undefined) fontKeys.set(font, (fk = nextFontKey++));
  return fk;
}

/** What of PDFKit's text state the tables read. */
export interface TextState {
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
    const key = `${fontKey(font)} ${d._fontSize} ${d._lineGap} ${d.x} ${d.y} ${options.width} ${options.lineGap} ${options.align}\u0000${text}`;
    let h = heights.get(key);
    if (h === undefined) heights.set(key, (h = measure(text, options)));
    return h;
  };
}

/**
 * PDFKit parses a colour given as '#rrggbb' into three fractions and prints them each time it is
 * set: thousands of times a pupil, for the same few colours. Here the printed fractions are kept and
 * the same two operators written; other colours go to PDFKit. PDFKit printed each fraction in full
 * (0.6039215686274509); four decimals name the same 8-bit level, rounded up so that a reader that
 * rounds and one that truncates both get it back (the error is under 0.013 of a level), in a third
 * of the bytes. And one operator where PDFKit writes two (`/DeviceRGB cs` then `scn`): `rg` and
 * `RG` name the same colour space and set the colour, in half the bytes (a Flow page set ~300
 * colours, 8% of its content).
 */
const rgbOperands = new Map<string, string>();
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The fill colour a content stream has (a page's, or a form's being recorded), as the operands last
 * written, with those saved by q; null when not known (a stream starts so: a form takes whatever
 * it is placed in). A colour already in force is not written again: a key's page set black before
 * each of its ~300 digits, 6% of its bytes. The same for the text font (see fontInForce).
 */
interface FillState {
  fill: string | null;
  font: string | null;
  saved: [string | null, string | null][];
}
const fills = new WeakMap<object, FillState>();
/** Documents whose q and Q are followed (shareColours): only there is a state known. */
const followed = new WeakSet<object>();

interface ColourDoc {
  page: object;
  save(): unknown;
  restore(): unknown;
  _setColor(color: unknown, stroke: boolean): boolean;
  _setColorCore(color: unknown, stroke: boolean): boolean;
  addContent(op: string): unknown;
}

function fillState(d: ColourDoc): FillState {
  let s = fills.get(d.page);
  if (!s) fills.set(d.page, (s = { fill: null, font: null, saved: [] }));
  return s;
}

/**
 * Whether `tf` (a font and size, as Tf's operands) is already the text font of the stream being
 * written, which then records it as in force. The text font outlives BT and ET and is saved by q
 * like the colours: a class key set it again before each of its ~560 digits a page, 9% of its
 * bytes. PDFKit's own text sets its font only between a q and a Q (its flip of the page), so it
 * leaves the font it found; writeLine is the only other writer. False where q and Q are not followed.
 */
export function fontInForce(doc: Doc, tf: string): boolean {
  if (!followed.has(doc)) return false;
  const s = fillState(doc as unknown as ColourDoc);
  if (s.font === tf) return true;
  s.font = tf;
  return false;
}

export function shareColours(doc: Doc): void {
  const d = doc as unknown as ColourDoc;
  const setColour = d._setColorCore.bind(d);
  const setAny = d._setColor.bind(d);
  const save = d.save.bind(d);
  const restore = d.restore.bind(d);
  // q and Q save and restore the fill colour; PDFKit writes them only through these (text, images, Draw.group, forms)
  followed.add(doc);
  d.save = () => {
    const s = fillState(d);
    s.saved.push([s.fill, s.font]);
    return save();
  };
  d.restore = () => {
    const s = fillState(d);
    [s.fill, s.font] = s.saved.pop() ?? [null, null];
    return restore();
  };
  // gradients and patterns set the fill without the operators below
  d._setColor = (color: unknown, stroke: boolean) => {
    if (!stroke && typeof color !== 'string') fillState(d).fill = null;
    return setAny(color, stroke);
  };
  d._setColorCore = (color: unknown, stroke: boolean) => {
    let operands = typeof color === 'string' ? rgbOperands.get(color) : undefined;
    if (operands === undefined) {
      if (typeof color !== 'string' || !HEX_COLOUR.test(color)) {
        if (!stroke) fillState(d).fill = null;
        return setColour(color, stroke);
      }
      const hex = parseInt(color.slice(1), 16);
      operands = [hex >> 16, (hex >> 8) & 255, hex & 255].map((part) => Math.ceil((part / 255) * 1e4 - 1e-6) / 1e4).join(' ');
      rgbOperands.set(color, operands);
    }
    if (!stroke) {
      const s = fillState(d);
      if (s.fill === operands) return true;
      s.fill = operands;
    }
    d.addContent(stroke ? `${operands} RG` : `${operands} rg`);
    return true;
  };
}
