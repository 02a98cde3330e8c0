import type { Box, Draw } from '../../pdf/draw.js';
import type { Cell, FultiplesModel, TaskAnswer } from './model.js';
import type { Task } from './options.js';
import { arrow, boardGeometry, centre, cellBox, drawBoard, type Geometry } from './board-draw.js';
import { drawPrimesKey, drawPrimesSheet, treesAPage } from './primes-draw.js';
import { BADGE, badgeSpots, NUMBER_HALF } from './chain-clear.js';
import { messages, type Messages } from '../../i18n/messages.js';

const GAP = 10;

export function taskTitle(t: Task, w: Messages = messages()): string {
  switch (t.type) {
    case 'multiples':
      return w.t('fultiples.title.multiples', { p: t.p });
    case 'both':
      return w.t('fultiples.title.both', { p: t.p, q: t.q });
    case 'primes':
      return w.t('fultiples.title.primes');
    case 'next':
      return w.t('fultiples.title.next');
    case 'chain':
      return w.t('fultiples.title.chain', { k: t.k });
  }
}

/** What pupils read above the board; the same for every board of the run. */
export function taskInstructions(t: Task, w: Messages = messages()): string {
  switch (t.type) {
    case 'multiples':
      return w.t('fultiples.do.multiples', { p: t.p, examples: [1, 2, 3].map((i) => i * t.p).join(', ') });
    case 'both':
      return w.t('fultiples.do.both', { p: t.p, q: t.q });
    case 'primes':
      return w.t('fultiples.do.primes');
    case 'next':
      return w.t('fultiples.do.next');
    case 'chain':
      return w.t('fultiples.do.chain', { k: t.k });
  }
}

function list(values: number[]): string {
  return [...new Set(values)].sort((a, b) => a - b).join(', ');
}

function valuesAt(m: FultiplesModel, cells: Cell[]): number[] {
  return cells.map(([r, c]) => m.board[r]![c]!);
}

/** One link of a chain as a sum, held on one line (no-break spaces): "48 = 16" then "× 3" below it misread. */
function step(a: number, b: number): string {
  const [big, small] = b % a === 0 ? [b, a] : [a, b];
  return [big, '=', small, '×', big / small].join('\u00a0');
}

/** The answer key's words under the board: the answer as numbers, and the rule that gives it. */
export function answerText(m: FultiplesModel, t: TaskAnswer, w: Messages = messages()): string {
  const n = t.type === 'primes' ? 0 : t.answer.length;
  switch (t.type) {
    case 'multiples':
      return w.t('fultiples.key.multiples', { n, values: list(valuesAt(m, t.answer)), p: t.p });
    case 'both':
      return w.t('fultiples.key.both', { p: t.p, q: t.q, pq: t.p * t.q, n, values: list(valuesAt(m, t.answer)) });
    case 'primes':
      return w.t('fultiples.key.primes');
    case 'next': {
      const v = valuesAt(m, t.answer);
      const none = w.t('fultiples.none');
      const factors = list(v.filter((x) => t.n % x === 0 && x !== t.n)) || none;
      const multiples = list(v.filter((x) => x % t.n === 0 && x !== t.n)) || none;
      const parts = [w.t('fultiples.key.next', { last: t.n, factors, multiples })];
      if (v.includes(t.n)) parts.push(w.t('fultiples.key.nextSame', { last: t.n }));
      parts.push(w.t('fultiples.key.nextCount', { n }));
      return parts.join(' ');
    }
    case 'chain': {
      const v = valuesAt(m, t.answer);
      const why = v.slice(1).map((b, i) => step(v[i]!, b));
      return w.t('fultiples.key.chain', { chain: v.join(' → '), why: why.join(w.t('fultiples.semicolon')) });
    }
  }
}

/**
 * Arrows from number to number. Each starts and stops where it leaves the space a number may take
 * (the generator only chains cells whose arrow clears every other number), so no digit is crossed.
 */
function chainArrows(d: Draw, g: Geometry, cells: Cell[]): void {
  const side = Math.min(g.cw, g.ch);
  for (let i = 1; i < cells.length; i++) {
    const a = centre(g, cells[i - 1]!);
    const b = centre(g, cells[i]!);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ux = Math.abs(b[0] - a[0]) / len;
    const uy = Math.abs(b[1] - a[1]) / len;
    const gap = Math.min(ux ? (NUMBER_HALF.w * g.cw) / ux : Infinity, uy ? (NUMBER_HALF.h * g.ch) / uy : Infinity);
    arrow(d, a, b, gap, Math.max(1, side * 0.045));
  }
}

/** Each step's number on a disc, in a corner of its cell that no arrow runs over (badgeSpots). */
function chainBadges(d: Draw, g: Geometry, cells: Cell[]): void {
  const r = Math.min(g.cw, g.ch) * BADGE.r;
  const spots = badgeSpots(cells);
  cells.forEach((cell, i) => {
    const b = cellBox(g, cell);
    const x = b.x + spots[i]![0] * g.cw;
    const y = b.y + spots[i]![1] * g.ch;
    d.circle(x, y, r, { fill: '#ffffff', stroke: '#000000', width: 0.8 });
    d.text(String(i + 1), { x: x - r, y: y - r, w: 2 * r, h: 2 * r }, { size: r * 1.2, font: 'bold', align: 'center' });
  });
}

/** A row (or two) of boxes joined by arrows for pupils to write their chain in. */
function chainBoxes(d: Draw, x: number, y: number, w: number, k: number, words: Messages, measureOnly = false): number {
  const perRow = Math.min(k, 10);
  const rows = Math.ceil(k / perRow);
  const s = Math.min(46, (w - GAP) / (perRow * 1.6));
  const label = 11;
  if (!measureOnly) {
    d.text(words.t('fultiples.myChain'), { x, y, w, h: label * 1.3 }, { size: label, font: 'bold', valign: 'top', fit: true });
    for (let i = 0; i < k; i++) {
      const bx = x + (i % perRow) * s * 1.6;
      const by = y + label * 1.6 + Math.floor(i / perRow) * s * 1.4;
      d.rect({ x: bx, y: by, w: s, h: s }, { width: 1 }, 3);
      if (i < k - 1 && i % perRow !== perRow - 1) arrow(d, [bx + s, by + s / 2], [bx + s * 1.6, by + s / 2], 1, 0.9);
    }
  }
  return label * 1.6 + rows * s * 1.4;
}

/** The line under a multiples or both board for the pupil's count. */
function foundText(t: Task | TaskAnswer, w: Messages): string {
  if (t.type === 'multiples') return w.t('fultiples.foundMultiples', { p: t.p });
  if (t.type === 'both') return w.t('fultiples.foundBoth', { p: t.p, q: t.q });
  return '';
}

const FOUND_SIZE = 12;

/** Large print's count line may be too long for one line under the board at 16 pt; it then wraps across the slot. */
function foundHeight(d: Draw, box: Box, found: string): number {
  return d.minText ? d.paragraphHeight(found, box.w, { size: FOUND_SIZE }) + 8 : 0;
}

/**
 * The box a task worksheet's board of cols x rows gets in its slot: less the line above it (next)
 * and what is written below it.
 */
export function worksheetBoardBox(d: Draw, box: Box, t: Task | TaskAnswer, cols: number, rows: number, w: Messages = messages()): Box {
  let below = 0;
  const top = t.type === 'next' ? box.y + 24 : box.y;
  if (t.type === 'chain') {
    // The chain's boxes are drawn as wide as the board, so they are measured at its width, not the
    // slot's: measured at the slot's, large print kept room for boxes half as big again, and on
    // Letter the board's numbers came out wider than its squares. The room kept is the most the
    // boxes need at the last two widths tried, so the board drawn leaves them enough.
    const boxes = (bw: number) => chainBoxes(d, 0, 0, bw, t.k, w, true) + GAP;
    const boardW = (b: number) => Math.min(box.w, ((box.y + box.h - top - b) / rows) * cols);
    below = boxes(box.w);
    for (let round = 0; round < 3; round++) below = boxes(boardW(below));
    below = Math.max(below, boxes(boardW(below)));
  }
  if (t.type === 'multiples' || t.type === 'both') below = Math.max(30, foundHeight(d, box, foundText(t, w)));
  return { x: box.x, y: top, w: box.w, h: box.y + box.h - top - below };
}

/** Pages of one board's worksheet: a products-of-primes sheet takes one for every `perPage` numbers (treesAPage). */
export function worksheetPages(t: TaskAnswer, perPage = treesAPage()): number {
  return t.type === 'primes' ? Math.ceil(t.numbers.length / perPage) : 1;
}

/** One board's task worksheet, or its page `part` (products of primes, `perPage` numbers a page, see worksheetPages). */
export function drawWorksheet(d: Draw, box: Box, m: FultiplesModel, t: TaskAnswer, w: Messages = messages(), part = 0, perPage = treesAPage()): void {
  if (t.type === 'primes') return drawPrimesSheet(d, box, t.numbers.slice(part * perPage, (part + 1) * perPage), perPage);
  if (t.type === 'next') d.text(w.t('fultiples.lastShaded', { n: t.n }), { x: box.x, y: box.y, w: box.w, h: 18 }, { size: 13, font: 'bold', valign: 'top', fit: true });
  const look = { last: t.type === 'next' ? t.cell : undefined };
  const g = drawBoard(d, worksheetBoardBox(d, box, t, m.board[0]!.length, m.board.length, w), m, look);
  const after = g.y + g.rows * g.ch + GAP;
  if (t.type === 'chain') chainBoxes(d, g.x, after, g.cw * g.cols, t.k, w);
  if (t.type === 'multiples' || t.type === 'both') {
    const found = foundText(t, w);
    const line = { x: g.x, y: after + 4, w: g.cw * g.cols, h: 16 };
    // large print cannot shrink it below 16 pt: too wide for the board, it wraps across the slot
    // (in Polish it ran off a booklet's half page)
    if (d.textWidth(found, d.sizeFor(found, line, { size: FOUND_SIZE, fit: true })) <= line.w + 0.01) d.text(found, line, { size: FOUND_SIZE, valign: 'top', fit: true });
    else d.paragraph(found, box.x, after + 4, box.w, { size: FOUND_SIZE, align: w.dir === 'rtl' ? 'right' : 'left' });
  }
}

/** One board of an answer key (the page heading names the task): the board with the answer marked, and the reason. */
export function drawAnswer(d: Draw, box: Box, m: FultiplesModel, t: TaskAnswer, w: Messages = messages()): void {
  const size = 11;
  const text = answerText(m, t, w);
  const textH = d.paragraphHeight(text, box.w, { size });
  if (t.type === 'primes') {
    drawPrimesKey(d, { ...box, h: box.h - textH - GAP }, t.numbers, t.answer, w);
    d.paragraph(text, box.x, box.y + box.h - textH, box.w, { size });
    return;
  }
  // The words run as wide as the board (at least 0.6 of the slot), so they are measured at that
  // width: a narrower board wraps them onto more lines, which takes height from the board again.
  let textW = box.w;
  let wrappedH = textH;
  for (let round = 0; round < 4; round++) {
    const geo = boardGeometry(m, { x: box.x, y: box.y, w: box.w, h: box.h - wrappedH - GAP });
    const w2 = Math.max(geo.cw * geo.cols, box.w * 0.6);
    if (w2 >= textW - 0.01) break;
    textW = w2;
    wrappedH = d.paragraphHeight(text, textW, { size });
  }
  const boardBox = { x: box.x, y: box.y, w: box.w, h: box.h - wrappedH - GAP };
  let g: Geometry;
  if (t.type === 'chain') {
    g = drawBoard(d, boardBox, m, { marked: t.answer, under: (geo) => chainArrows(d, geo, t.answer) });
    chainBadges(d, g, t.answer);
  } else {
    const mark = t.type === 'multiples' ? 'shade' : 'ring';
    g = drawBoard(d, boardBox, m, { marked: t.answer, mark, last: t.type === 'next' ? t.cell : undefined });
  }
  const width = Math.min(textW, Math.max(g.cw * g.cols, box.w * 0.6));
  d.paragraph(text, Math.min(g.x, box.x + box.w - width), g.y + g.rows * g.ch + GAP * 0.6, width, { size });
}
