import type { Box, Draw } from '../../pdf/draw.js';
import { messages, type Messages } from '../../i18n/messages.js';
import type { FontName } from '../../pdf/fonts.js';

export interface Column {
  title: string;
  weight: number; // share of the table width
}

export interface Cell {
  text: string;
  font?: FontName;
  color?: string;
}

const GRID = '#555555';

/** The columns of one logged move, shared by the record sheet and the replay. */
export function moveColumns(first: string, w: Messages = messages()): Column[] {
  return [
    { title: first, weight: 0.7 },
    { title: w.t('ludo.col.player'), weight: 0.9 },
    { title: w.t('ludo.col.roll'), weight: 0.6 },
    { title: w.t('ludo.col.marker'), weight: 0.8 },
    { title: w.t('ludo.col.from'), weight: 0.8 },
    { title: w.t('ludo.col.to'), weight: 0.8 },
  ];
}

/** Room above and below a cell's words, as a share of their size: large print's bigger words get more. */
const PAD = 0.2;

/** The least height of a row whose words are `size` (or large print's least size): a line and its padding. */
export function leastRow(d: Draw, size: number): number {
  return Math.max(size, d.minText) * (1.2 + 2 * PAD);
}

/**
 * A ruled table with a shaded header; returns its height. Empty cells are left for pupils to fill.
 * Rows are never shorter than their words and padding (large print's 16 pt would touch the lines).
 */
const HEAD_PAD = 5;

export function table(d: Draw, x: number, y: number, w: number, cols: Column[], rows: (string | Cell)[][], rowH: number, size: number): number {
  rowH = Math.max(rowH, leastRow(d, size));
  const total = cols.reduce((a, c) => a + c.weight, 0);
  const xs = [x];
  for (const c of cols) xs.push(xs[xs.length - 1]! + (w * c.weight) / total);
  // Large print cannot shrink a heading to fit its column: it wraps onto two lines instead.
  // a heading keeps a little white from its column's lines ("Can it still reach 120?" touched both)
  const room = (i: number) => xs[i + 1]! - xs[i]! - 2 * HEAD_PAD;
  const wraps = (i: number) => d.minText > 0 && d.textWidth(cols[i]!.title, size, 'bold') > room(i);
  const wrapped = cols.some((_, i) => wraps(i));
  const pad = PAD * Math.max(size, d.minText);
  const lines = (i: number) => d.paragraphHeight(cols[i]!.title, room(i), { size, font: 'bold' });
  const headH = wrapped ? Math.max(rowH * 1.1, ...cols.map((_, i) => (wraps(i) ? lines(i) + 2 * pad : 0))) : rowH * 1.1;
  d.rect({ x, y, w, h: headH }, { fill: '#e6e6e6', stroke: false });
  // One size for the headings that fit on a line: "Marker" shrunk to its column beside "Roll" at
  // full size looked like a mistake (a booklet's half page: 6 pt beside 9.5)
  const fits = cols.map((c, i) => (wraps(i) ? size : d.fitSize(c.title, room(i), headH, size, 'bold')));
  const headSize = Math.min(...fits);
  cols.forEach((c, i) => {
    const colW = room(i);
    if (!wraps(i)) d.text(c.title, { x: xs[i]! + HEAD_PAD, y, w: colW, h: headH }, { size: headSize, font: 'bold', align: 'center', fit: true });
    else d.paragraph(c.title, xs[i]! + HEAD_PAD, y + (headH - d.paragraphHeight(c.title, colW, { size, font: 'bold' })) / 2, colW, { size, font: 'bold', align: 'center' });
  });
  rows.forEach((row, r) => {
    const top = y + headH + r * rowH;
    row.forEach((cell, i) => {
      const c = typeof cell === 'string' ? { text: cell } : cell;
      if (!c.text) return;
      d.text(c.text, { x: xs[i]! + 3, y: top, w: xs[i + 1]! - xs[i]! - 6, h: rowH }, { size, font: c.font, color: c.color, align: 'center', fit: true });
    });
  });
  const h = headH + rows.length * rowH;
  for (let r = 0; r <= rows.length; r++) d.line(x, y + headH + r * rowH, x + w, y + headH + r * rowH, { width: r === 0 ? 1 : 0.5, stroke: GRID });
  d.line(x, y, x + w, y, { width: 1, stroke: GRID });
  for (const cx of xs) d.line(cx, y, cx, y + h, { width: 0.5, stroke: GRID });
  return h;
}

/** A bold heading line followed by wrapped text; returns the height used. */
export function heading(d: Draw, text: string, x: number, y: number, w: number, size: number): number {
  return d.paragraph(text, x, y, w, { size, font: 'bold' }) + size * 0.3;
}

/** Paragraphs one after another; returns the total height. */
export function paragraphs(d: Draw, texts: string[], x: number, y: number, w: number, size: number): number {
  let h = 0;
  for (const t of texts) h += d.paragraph(t, x, y + h, w, { size }) + size * 0.35;
  return h;
}

/** Five-pointed star centred on (cx, cy). */
export function star(d: Draw, cx: number, cy: number, r: number, style: { fill: string; stroke?: string }): void {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  d.polygon(pts, { fill: style.fill, stroke: style.stroke ?? '#000000', width: 0.4 });
}

/** Diagonal hatching inside a box: the dead-end pattern, visible in black and white. */
export function hatch(d: Draw, box: Box, gap: number, color: string): void {
  d.group(() => {
    d.clip(box);
    for (let t = -box.h; t < box.w; t += gap) d.line(box.x + t, box.y + box.h, box.x + t + box.h, box.y, { width: 0.5, stroke: color });
  });
}

export function cross(d: Draw, cx: number, cy: number, r: number, color: string, width = 1): void {
  d.line(cx - r, cy - r, cx + r, cy + r, { width, stroke: color, cap: 'round' });
  d.line(cx - r, cy + r, cx + r, cy - r, { width, stroke: color, cap: 'round' });
}

export const list = (xs: readonly number[]): string => (xs.length === 0 ? 'none' : xs.join(', '));
