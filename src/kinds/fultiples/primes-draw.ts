import type { Box, Draw } from '../../pdf/draw.js';
import type { Messages } from '../../i18n/messages.js';

const COLS = 4;
const GAP = 8;

/**
 * The pupils' sheet: eight numbers a page, two across. Sixteen on one page, four across, left a
 * line about 30 mm long after "112 =" for a child's "2 × 2 × 2 × 2 × 7"; two across it is about 70.
 * A page keeps about 28 mm under each number for its tree. A booklet's half page and large print
 * (everything half as big again, its headings and instructions too) take fewer, for at least 20 mm:
 * eight on a half page left 11, and in large print 10, the number drawn over its own line.
 */
export function treesAPage(largePrint = false, small = false): number {
  if (largePrint) return small ? 2 : 4;
  return small ? 6 : 8;
}
const SHEET_COLS = 2;

/** The boxes of a factor-tree sheet: `cols` across (four on the key), as many rows as the numbers need. */
export function treeBoxes(box: Box, n: number, cols = COLS): Box[] {
  const rows = Math.ceil(n / cols);
  const w = (box.w - GAP * (cols - 1)) / cols;
  const h = Math.min((box.h - GAP * (rows - 1)) / rows, w * 1.6);
  return Array.from({ length: n }, (_, i) => ({ x: box.x + (i % cols) * (w + GAP), y: box.y + Math.floor(i / cols) * (h + GAP), w, h }));
}

/** Number size in a tree box: big enough to start a tree under it. */
export function treeNumberSize(b: Box): number {
  return Math.min(20, b.w * 0.16);
}

/** A worksheet page: each number at the top of its own box, room for a tree, and a line for the product. */
export function drawPrimesSheet(d: Draw, box: Box, numbers: number[], perPage = treesAPage()): void {
  // as tall as a full page would have them, so a last page of fewer is not stretched
  const rows = Math.max(Math.ceil(numbers.length / SHEET_COLS), Math.ceil(perPage / SHEET_COLS));
  const boxes = treeBoxes(box, rows * SHEET_COLS, SHEET_COLS);
  for (const [i, b] of boxes.slice(0, numbers.length).entries()) {
    const v = numbers[i]!;
    d.rect(b, { stroke: '#777777', width: 0.8 }, 4);
    const size = treeNumberSize(b);
    d.text(String(v), { x: b.x, y: b.y + 6, w: b.w, h: size * 1.3 }, { size, font: 'bold', align: 'center' });
    const lineY = b.y + b.h - 10;
    const label = `${v} =`;
    const lw = d.textWidth(label, 10) + 4;
    d.text(label, { x: b.x + 6, y: lineY - 14, w: lw, h: 14 }, { size: 10, valign: 'bottom' });
    d.line(b.x + 6 + lw, lineY, b.x + b.w - 6, lineY, { width: 0.6, dash: [1.5, 2] });
  }
}

/**
 * The key: each number's tree, splitting off its smallest prime at every step (primes ringed),
 * and the product written out underneath.
 */
export function drawPrimesKey(d: Draw, box: Box, numbers: number[], factors: number[][], w: Messages): void {
  for (const [i, b] of treeBoxes(box, numbers.length).entries()) {
    const v = numbers[i]!;
    const f = factors[i]!;
    d.rect(b, { stroke: '#777777', width: 0.8 }, 4);
    const size = treeNumberSize(b);
    const bottom = 26;
    const levels = Math.max(1, f.length - 1);
    const step = Math.min(size * 1.6, (b.h - 8 - size * 1.3 - bottom) / levels);
    const small = Math.min(size * 0.75, step * 0.6);
    const ring = small * 0.75;
    // The tree leans right one step a level; it is centred and kept inside its box.
    const dx = Math.min(step * 0.9, b.w * 0.13, (b.w * 0.92 - 2 * ring) / (levels + 1));
    const span = (levels + 1) * dx + 2 * ring;
    let cx = b.x + (b.w - span) / 2 + ring + dx;
    let cy = b.y + 6 + size * 0.65; // centre of the number being split
    let half = size * 0.5;
    let rest = v;
    d.text(String(v), { x: cx - b.w * 0.3, y: cy - size * 0.65, w: b.w * 0.6, h: size * 1.3 }, { size, font: 'bold', align: 'center' });
    for (let k = 0; k < f.length - 1; k++) {
      const p = f[k]!;
      rest /= p;
      const y = cy + step;
      const last = k === f.length - 2;
      for (const [x, text, ringed] of [[cx - dx, String(p), true], [cx + dx, String(rest), last]] as const) {
        const r = ringed ? Math.max(ring, d.textWidth(text, small) * 0.6) : small * 0.5;
        d.line(cx + (x - cx) * 0.15, cy + half, x, y - r, { width: 0.7 });
        if (ringed) d.circle(x, y, r, { width: 0.7 });
        d.text(text, { x: x - b.w * 0.25, y: y - small * 0.6, w: b.w * 0.5, h: small * 1.2 }, { size: small, align: 'center', valign: 'middle' });
      }
      cx += dx;
      cy = y;
      half = small * 0.55;
    }
    const product = f.length <= 1 ? w.t('fultiples.isPrime', { n: v }) : `${v} = ${f.join(' × ')}`;
    d.text(product, { x: b.x + 4, y: b.y + b.h - bottom + 4, w: b.w - 8, h: bottom - 8 }, { size: 10, font: 'bold', align: 'center', fit: true });
  }
}
