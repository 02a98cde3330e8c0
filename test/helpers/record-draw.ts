import { createDocument } from '../../src/pdf/document.js';
import { Draw, type Box, type Point, type Stroke, type TextStyle } from '../../src/pdf/draw.js';
import type { FontName } from '../../src/pdf/fonts.js';

export interface TextMark {
  text: string;
  size: number;
  font: FontName;
  color?: string;
  /** Where the text's ink runs across: measured with the real font at the size drawn. */
  left: number;
  right: number;
  box: Box;
}

/**
 * A Draw that draws into a throwaway PDF and notes every text and line, so tests read sizes and
 * positions from what was actually drawn rather than from the code's intentions.
 */
export class RecordingDraw extends Draw {
  texts: TextMark[] = [];
  lines: { a: Point; b: Point; style: Stroke }[] = [];
  polygons: Point[][] = [];
  rects: { box: Box; style: Stroke }[] = [];
  circles: { cx: number; cy: number; r: number }[] = [];

  constructor() {
    const doc = createDocument('a4', { title: '', subject: '', keywords: '' });
    doc.addPage();
    super(doc);
  }

  override text(text: string, box: Box, style: TextStyle = {}): void {
    const font = style.font ?? 'regular';
    let size = style.size ?? 11;
    if (style.fit) size = Math.min(size, this.fitSize(text, box.w, box.h, size, font));
    const w = this.textWidth(text, size, font);
    const left = style.align === 'center' ? box.x + (box.w - w) / 2 : style.align === 'right' ? box.x + box.w - w : box.x;
    this.texts.push({ text, size, font, color: style.color, left, right: left + w, box });
    super.text(text, box, style);
  }

  override paragraph(text: string, x: number, y: number, w: number, style: TextStyle = {}): number {
    this.texts.push({ text, size: style.size ?? 11, font: style.font ?? 'regular', left: x, right: x + w, box: { x, y, w, h: 0 } });
    return super.paragraph(text, x, y, w, style);
  }

  override line(x1: number, y1: number, x2: number, y2: number, style: Stroke = {}): void {
    this.lines.push({ a: [x1, y1], b: [x2, y2], style });
    super.line(x1, y1, x2, y2, style);
  }

  override rect(box: Box, style: Stroke = {}, radius = 0): void {
    this.rects.push({ box, style });
    super.rect(box, style, radius);
  }

  override circle(cx: number, cy: number, r: number, style: Stroke = {}): void {
    this.circles.push({ cx, cy, r });
    super.circle(cx, cy, r, style);
  }

  override polygon(points: Point[], style: Stroke = {}): void {
    this.polygons.push(points);
    super.polygon(points, style);
  }
}
