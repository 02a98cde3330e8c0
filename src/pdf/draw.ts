import type PDFDocument from 'pdfkit';
import { FONT_IDS, type FontName } from './fonts.js';
import { pt, writeLine } from './line.js';
import { drawRuns, hasRtlLetters, lineRuns, plainText, runsWidth, wrapText } from './runs.js';
import { tagsOf, type TagType } from './tags.js';
import { defineForm, placeForm, type Form } from './xobject.js';
import { drawWrapped } from './wrapped.js';

type Doc = InstanceType<typeof PDFDocument>;

/** A rectangle in PDF points, origin top-left of the page, y growing downwards (PDFKit's frame). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Point = [number, number];

export interface Stroke {
  stroke?: string | false; // colour; false = no outline
  fill?: string; // colour; absent = no fill
  width?: number; // line width in points
  dash?: [number, number];
  cap?: 'butt' | 'round' | 'square';
  join?: 'miter' | 'round' | 'bevel';
  opacity?: number;
}

export interface TextStyle {
  size?: number; // points; default 11
  font?: FontName;
  color?: string;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  /** Shrink the size until one line fits the box (never grows). */
  fit?: boolean;
}

export const MM = 72 / 25.4;

/** The stroke state last written to a content stream; null and '' stand for not known. */
interface LineState {
  width: number | null;
  cap: string;
  join: string;
  solid: boolean;
  stroke: string | false;
}

const UNKNOWN: LineState = { width: null, cap: '', join: '', solid: false, stroke: false };

/**
 * Line state last written in each content stream (a page, or the stand-in page of a form being
 * recorded), with the states saved by Draw.group(). Kept per stream, not per Draw, so two Draws on
 * one document cannot disagree about it.
 */
const lineStates = new WeakMap<object, { now: LineState; saved: LineState[] }>();

/** PDFKit's circle: four curves, their control points this far from the ends (a radius of 1). */
const KAPPA = 4.0 * ((Math.sqrt(2) - 1.0) / 3.0);

/** Per document and circle (radius and painting operator): its form, or null once drawn without one. */
const circleForms = new WeakMap<Doc, Map<string, Form | null>>();

/**
 * A circle of radius r about the origin, painted by `op`, as a form of `doc` (see Draw.circle); or
 * null the first time one is asked for, when a form would cost more than it saves.
 */
function circleForm(doc: Doc, r: number, op: string): Form | null {
  let forms = circleForms.get(doc);
  if (!forms) circleForms.set(doc, (forms = new Map()));
  const key = `${pt(r)} ${op}`;
  let form = forms.get(key);
  if (form === undefined) {
    forms.set(key, null);
    return null;
  }
  if (!form) forms.set(key, (form = defineForm(doc, circleBox(r), circlePath(0, 0, r, op))));
  return form;
}

/** The form's box only clips: room for any outline the placing state may give it. */
function circleBox(r: number): [number, number, number, number] {
  const edge = pt(2 * r + 50);
  return [-edge, -edge, edge, edge];
}

/** Four curves, as PDFKit draws a circle (the same arithmetic, so the same numbers), painted by `op`. */
function circlePath(cx: number, cy: number, r: number, op: string): string {
  const [x, y, o] = [cx - r, cy - r, r * KAPPA];
  const [xe, ye, xm, ym] = [x + r * 2, y + r * 2, x + r, y + r];
  const [X, Y, XE, YE, XM, YM] = [pt(x), pt(y), pt(xe), pt(ye), pt(xm), pt(ym)];
  return (
    `${X} ${YM} m\n${X} ${pt(ym - o)} ${pt(xm - o)} ${Y} ${XM} ${Y} c\n${pt(xm + o)} ${Y} ${XE} ${pt(ym - o)} ${XE} ${YM} c\n` +
    `${XE} ${pt(ym + o)} ${pt(xm + o)} ${YE} ${XM} ${YE} c\n${pt(xm - o)} ${YE} ${X} ${pt(ym + o)} ${X} ${YM} c\nh\n${op}`
  );
}

/**
 * The points without those halfway along a straight run (a Flow line's through a row of squares):
 * a run drawn as one segment strokes the same area, whatever the cap and join, and a dash runs on
 * along it as before. Only runs along an axis, whose points share a coordinate exactly, and only
 * points strictly between their neighbours (a line that turns back keeps its turn).
 */
function straightened(points: Point[]): Point[] {
  if (points.length < 3) return points;
  const out: Point[] = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [out[out.length - 1]!, points[i]!, points[i + 1]!];
    const between = (k: 0 | 1) => (a[k] < b[k] && b[k] < c[k]) || (a[k] > b[k] && b[k] > c[k]);
    if ((a[0] === b[0] && b[0] === c[0] && between(1)) || (a[1] === b[1] && b[1] === c[1] && between(0))) continue;
    out.push(b);
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** A path through the points: moved to the first, lines to the rest. */
function pathOps(points: Point[]): string {
  let ops = `${pt(points[0]![0])} ${pt(points[0]![1])} m`;
  for (let i = 1; i < points.length; i++) ops += `\n${pt(points[i]![0])} ${pt(points[i]![1])} l`;
  return ops;
}

export function inset(box: Box, by: number): Box {
  return { x: box.x + by, y: box.y + by, w: Math.max(0, box.w - 2 * by), h: Math.max(0, box.h - 2 * by) };
}

/**
 * Right to left: the left edge of something `width` wide that starts `offset` in from the right
 * of `within` (left to right it would start `offset` in from the left), so a row mirrors.
 */
export function fromRight(within: { x: number; w: number }, offset: number, width: number): number {
  return within.x + within.w - offset - width;
}

/**
 * A code or a file name ("K6MF-503STSQQW8", "Class-set-answers.pdf") broken at its hyphen reads as
 * two things, and a teacher types it wrong: such words are kept whole on their line.
 */
function wholeWords(text: string): string[] {
  return text.split(/\s+/).filter((t) => /[^\s-]-[^\s-]/.test(t) && /\d|\.[a-z]{2,4}\b/i.test(t));
}

/** The largest square centred in a box. */
export function square(box: Box): Box {
  const s = Math.min(box.w, box.h);
  return { x: box.x + (box.w - s) / 2, y: box.y + (box.h - s) / 2, w: s, h: s };
}

/**
 * The one drawing layer: every kind and every template primitive draws through this, so fonts,
 * colours and line styles stay consistent and PDFKit details stay in src/pdf/.
 */
export class Draw {
  /** Texts drawn while `listen` runs (a figure's words, for its description). */
  private heard: string[] | null = null;
  /**
   * Large print (src/pdf/print.ts): no text smaller, no line thinner than these, in the page's own
   * units. Measuring honours them too, so layouts that measure text make room for it.
   */
  minText = 0;
  minLine = 0;
  /** The page's language reads right to left (Arabic): its paragraphs do too. */
  rtl = false;

  /** The last one made, with its document, so their shapes outlive them (see Rng.last). */
  private static last: Draw | undefined;

  constructor(readonly doc: Doc) {
    Draw.last = this;
  }

  /** Starts a section of the tagged PDF's structure (worksheet, answer key, ...). */
  section(title: string): void {
    tagsOf(this.doc).section(title);
  }

  /** What `fn` draws is one element of the structure tree: a heading or a paragraph. */
  tag(type: Exclude<TagType, 'Figure'>, fn: () => void): void {
    tagsOf(this.doc).element(type, fn);
  }

  /** What `fn` draws is one figure, described from the words it drew. */
  figure(fn: () => void, describe: (words: string[]) => string): void {
    let words: string[] = [];
    tagsOf(this.doc).element('Figure', () => (words = this.listen(fn)), () => describe(words));
  }

  /** Drawn for looks or repeated on every page (`pagination`: footers, running headings): not read out. */
  artifact(fn: () => void, pagination = false): void {
    tagsOf(this.doc).artifact(fn, pagination);
  }

  /** Runs `fn` and returns the texts it drew, in order. */
  listen(fn: () => void): string[] {
    const outer = this.heard;
    const mine: string[] = [];
    this.heard = mine;
    try {
      fn();
    } finally {
      this.heard = outer;
    }
    outer?.push(...mine);
    return mine;
  }

  private lineState(): { now: LineState; saved: LineState[] } {
    const stream = this.doc.page as unknown as object;
    let s = lineStates.get(stream);
    if (!s) lineStates.set(stream, (s = { now: { ...UNKNOWN }, saved: [] }));
    return s;
  }

  /**
   * Sets the stroke state a shape needs and paints it. Width, cap, join and stroke colour are written
   * only when they change: a page of grids repeated all of them for every line, a third of its
   * content stream and of the time spent compressing it. Each stream (a page, or a form being
   * recorded, which inherits whatever state it is placed in) starts with nothing known. A dash is
   * still undone after each shape, so nothing drawn outside Draw (a placed form) comes out dashed.
   */
  private paint(style: Stroke, noFill = false): void {
    const op = this.setPaint(style, noFill);
    if (op) this.doc.addContent(op);
    this.endPaint(style);
  }

  /**
   * Writes the state `style` asks for and returns the operator that paints the current path with it
   * (B, f or S), or null when it asks for nothing to be painted. A stroke colour already in force
   * is not written again, shapes filled and outlined included (a Flow page's ~90 dots all outlined
   * in one grey). endPaint() undoes what must not outlive the shape.
   */
  private setPaint(style: Stroke, noFill = false): string | null {
    const d = this.doc;
    const fill = noFill ? undefined : style.fill;
    const stroke = style.stroke === undefined ? (fill ? false : '#000000') : style.stroke;
    const now = this.lineState().now;
    if (style.width !== undefined || this.minLine) {
      const width = Math.max(style.width ?? 1, this.minLine);
      if (width !== now.width) d.lineWidth((now.width = width));
    }
    const cap = style.cap ?? 'butt';
    const join = style.join ?? 'miter';
    if (cap !== now.cap) d.lineCap((now.cap = cap));
    if (join !== now.join) d.lineJoin((now.join = join));
    if (style.dash) d.dash(style.dash[0], { space: style.dash[1] });
    else if (!now.solid) d.undash();
    now.solid = true;
    if (style.opacity !== undefined) d.opacity(style.opacity);
    const setStroke = stroke && stroke !== now.stroke ? stroke : undefined;
    if (stroke) now.stroke = stroke;
    if (fill) d.fillColor(fill);
    if (setStroke) d.strokeColor(setStroke);
    return fill && stroke ? 'B' : fill ? 'f' : stroke ? 'S' : null;
  }

  private endPaint(style: Stroke): void {
    if (style.opacity !== undefined) this.doc.opacity(1);
    if (style.dash) this.doc.undash();
  }

  line(x1: number, y1: number, x2: number, y2: number, style: Stroke = {}): void {
    this.doc.addContent(`${pt(x1)} ${pt(y1)} m\n${pt(x2)} ${pt(y2)} l`);
    this.paint(style, true);
  }

  rect(box: Box, style: Stroke = {}, radius = 0): void {
    if (radius > 0) this.doc.roundedRect(box.x, box.y, box.w, box.h, radius);
    else this.doc.addContent(`${pt(box.x)} ${pt(box.y)} ${pt(box.w)} ${pt(box.h)} re`);
    this.paint(style);
  }

  /**
   * A circle as PDFKit draws it. The second and later circles of a radius and way of painting in a
   * document are one form, drawn about the origin and placed at each centre: ~40 bytes a circle
   * instead of ~330. A Flow page's dots were nearly half its content, and of the CPU a batch
   * spent compressing it. The form paints in the state it is placed in, which setPaint() writes.
   */
  circle(cx: number, cy: number, r: number, style: Stroke = {}): void {
    const op = this.setPaint(style);
    if (op) {
      const form = circleForm(this.doc, r, op);
      if (!form) this.doc.addContent(circlePath(cx, cy, r, op));
      else {
        this.doc.addContent(`q\n1 0 0 1 ${pt(cx)} ${pt(cy)} cm`);
        placeForm(this.doc, form);
        this.doc.addContent('Q');
      }
    }
    this.endPaint(style);
  }

  polyline(points: Point[], style: Stroke = {}): void {
    if (points.length < 2) return;
    this.doc.addContent(pathOps(straightened(points)));
    this.paint(style, true);
  }

  polygon(points: Point[], style: Stroke = {}): void {
    if (points.length < 3) return;
    this.doc.addContent(`${pathOps(points)}\nh`);
    this.paint(style);
  }

  /** SVG path data ("M0 0 L10 10 Z"), in the current coordinate system. */
  path(d: string, style: Stroke = {}): void {
    this.doc.path(d);
    this.paint(style);
  }

  /** Runs `fn` with transforms and graphics state restored afterwards. */
  group(fn: () => void): void {
    const s = this.lineState();
    s.saved.push({ ...s.now });
    this.doc.save();
    try {
      fn();
    } finally {
      this.doc.restore();
      s.now = s.saved.pop()!;
    }
  }

  translate(x: number, y: number): void {
    this.doc.translate(x, y);
  }

  rotate(degrees: number, origin: Point): void {
    this.doc.rotate(degrees, { origin });
  }

  scale(s: number): void {
    this.doc.scale(s);
  }

  clip(box: Box): void {
    this.doc.rect(box.x, box.y, box.w, box.h).clip();
  }

  /**
   * Width of one line of text. Text the page's font cannot draw alone (other scripts, right to
   * left) is measured as it is drawn: in runs of fallback fonts, shaped, in visual order.
   */
  textWidth(text: string, size: number, font: FontName = 'regular'): number {
    size = Math.max(size, this.minText);
    if (plainText(this.doc, text, font)) return this.doc.font(FONT_IDS[font]).fontSize(size).widthOfString(text);
    return runsWidth(this.doc, lineRuns(this.doc, text, font).runs, size);
  }

  /** The size `text` draws a line of text at: shrunk to fit when asked, never below the large-print floor. */
  sizeFor(text: string, box: Box, style: TextStyle = {}): number {
    let size = style.size ?? 11;
    if (style.fit) size = Math.min(size, this.fitSize(text, box.w, box.h, size, style.font ?? 'regular'));
    return Math.max(size, this.minText);
  }

  /** Font size at which one line of `text` fits in w by h (capped at `max`). */
  fitSize(text: string, w: number, h: number, max: number, font: FontName = 'regular'): number {
    const width = this.textWidth(text, 100, font) / 100;
    const byWidth = width > 0 ? w / width : max;
    const byHeight = h / 1.2;
    return Math.max(1, Math.min(max, byWidth, byHeight));
  }

  /** One line of text placed in a box, aligned both ways; never wraps. */
  text(text: string, box: Box, style: TextStyle = {}): void {
    this.heard?.push(text);
    const font = style.font ?? 'regular';
    const size = this.sizeFor(text, box, style);
    const plain = plainText(this.doc, text, font);
    const line = plain ? undefined : lineRuns(this.doc, text, font);
    const d = this.doc.font(FONT_IDS[font]).fontSize(size);
    const w = line ? runsWidth(this.doc, line.runs, size) : d.widthOfString(text);
    if (line) this.doc.font(FONT_IDS[font]).fontSize(size); // measuring runs changed the font
    // Cap-height centring: PDFKit places text by its ascender, which sits visibly high.
    const ascent = (d as any)._font.ascender / 1000 * size;
    const capHeight = ((d as any)._font.capHeight || 700) / 1000 * size;
    let x = box.x;
    if (style.align === 'center') x = box.x + (box.w - w) / 2;
    else if (style.align === 'right') x = box.x + box.w - w;
    let top = box.y; // top of the capitals
    if (style.valign === 'middle' || style.valign === undefined) top = box.y + (box.h - capHeight) / 2;
    else if (style.valign === 'bottom') top = box.y + box.h - capHeight;
    if (line) {
      drawRuns(this.doc, line.runs, x, top + capHeight, size, style.color ?? '#000000', text);
      this.doc.font(FONT_IDS[font]);
      return;
    }
    d.fillColor(style.color ?? '#000000');
    if (!writeLine(d, text, x, top - (ascent - capHeight))) d.text(text, x, top - (ascent - capHeight), { lineBreak: false, width: undefined });
  }

  /** Wrapped text from (x, y) within width w; returns the height it took. */
  paragraph(text: string, x: number, y: number, w: number, style: TextStyle = {}): number {
    this.heard?.push(text);
    const size = Math.max(style.size ?? 11, this.minText);
    const font = style.font ?? 'regular';
    const d = this.doc.font(FONT_IDS[font]).fontSize(size);
    if (!plainText(this.doc, text, font) || this.keepsWhole(text, w, size, font)) return this.runsParagraph(text, x, y, w, style, true);
    const opts = { width: w, align: style.align ?? 'left', lineGap: size * 0.15 } as const;
    const h = d.heightOfString(text, opts);
    d.fillColor(style.color ?? '#000000');
    if (!drawWrapped(this.doc, text, x, y, opts)) d.text(text, x, y, opts);
    return h;
  }

  paragraphHeight(text: string, w: number, style: TextStyle = {}): number {
    const size = Math.max(style.size ?? 11, this.minText);
    const font = style.font ?? 'regular';
    if (!plainText(this.doc, text, font) || this.keepsWhole(text, w, size, font)) return this.runsParagraph(text, 0, 0, w, style, false);
    return this.doc
      .font(FONT_IDS[font])
      .fontSize(size)
      .heightOfString(text, { width: w, lineGap: size * 0.15 });
  }

  /**
   * Whether a paragraph wraps at spaces only (as runsParagraph does) rather than as PDFKit does, which
   * also breaks after a hyphen: when it takes more than a line and holds a code or a file name that
   * fits a line by itself (one wider is better broken than run off the page).
   */
  private keepsWhole(text: string, w: number, size: number, font: FontName): boolean {
    const whole = wholeWords(text);
    if (!whole.length) return false;
    const d = this.doc.font(FONT_IDS[font]).fontSize(size);
    return d.widthOfString(text) > w && whole.every((t) => d.widthOfString(t) <= w);
  }

  /**
   * A paragraph of mixed scripts, wrapped where each script allows (Chinese and Thai between
   * characters or words, others at spaces), each line in visual order; right-to-left paragraphs
   * set against the right edge unless centred. Line pitch as PDFKit's for the page's font.
   */
  private runsParagraph(text: string, x: number, y: number, w: number, style: TextStyle, draw: boolean): number {
    const size = Math.max(style.size ?? 11, this.minText);
    const font = style.font ?? 'regular';
    const pitch = this.doc.font(FONT_IDS[font]).fontSize(size).currentLineHeight(true) + size * 0.15;
    const ascent = ((this.doc as any)._font.ascender / 1000) * size;
    const lines = wrapText(this.doc, text, w, size, font);
    // on a right-to-left page a paragraph of its language reads from the right even when it starts
    // with a square's name ("D2 = 5 ...", whose first letter would make it left to right)
    const rtl = this.rtl && hasRtlLetters(text);
    if (draw) {
      lines.forEach((t, i) => {
        const line = lineRuns(this.doc, t, font, rtl);
        const lw = runsWidth(this.doc, line.runs, size);
        const align = style.align === 'left' || style.align === undefined ? (line.rtl ? 'right' : 'left') : style.align;
        const lx = align === 'center' ? x + (w - lw) / 2 : align === 'right' ? x + w - lw : x;
        drawRuns(this.doc, line.runs, lx, y + i * pitch + ascent, size, style.color ?? '#000000', t);
      });
      this.doc.font(FONT_IDS[font]);
    }
    return lines.length * pitch;
  }
}
