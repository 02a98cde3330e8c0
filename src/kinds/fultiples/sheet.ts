import { fromRight, type Box, type Draw } from '../../pdf/draw.js';
import type { FultiplesModel } from './model.js';
import { arrow, boardGeometry, drawBoard, star } from './board-draw.js';
import { related } from './numbers.js';
import { messages, type Messages } from '../../i18n/messages.js';

/** The rules' messages in order; `wild` is left out when the board has no wild cells. */
const RULES = ['players', 'first', 'turns', 'once', 'wild', 'miss', 'win'];

/** Numbers from the board itself for the worked example, chosen the same way every time. */
export function example(m: FultiplesModel): { n: number; factor?: number; multiple?: number; not?: number } | undefined {
  const wild = new Set(m.wild.map(([r, c]) => `${r},${c}`));
  const plain = [...new Set(m.board.flatMap((row, r) => row.filter((_v, c) => !wild.has(`${r},${c}`))))].sort((a, b) => a - b);
  let best: { n: number; factor?: number; multiple?: number; not?: number } | undefined;
  let score = -1;
  for (const n of plain) {
    const factor = plain.filter((u) => u < n && n % u === 0).pop();
    const multiple = plain.find((u) => u > n && u % n === 0);
    const not = plain.find((u) => u !== n && !related(u, n) && Math.abs(u - n) < n);
    const s = (factor ? 2 : 0) + (multiple ? 2 : 0) + (not ? 1 : 0) - n / 1000;
    if (s > score) [best, score] = [{ n, factor, multiple, not }, s];
  }
  return best;
}

export function exampleText(m: FultiplesModel, w: Messages = messages()): string {
  const e = example(m);
  if (!e) return '';
  const { n, factor, multiple, not } = e;
  const may: string[] = [];
  if (factor) may.push(w.t('fultiples.ex.factor', { a: factor, n, b: n / factor }));
  if (multiple) may.push(w.t('fultiples.ex.multiple', { a: multiple, n, b: multiple / n }));
  const parts = [w.t('fultiples.ex.shades', { n })];
  if (may.length) parts.push(w.t('fultiples.ex.may', { moves: may.join(w.t('fultiples.ex.orJoin')) }));
  if (not) parts.push(w.t('fultiples.ex.mayNot', { n: not }));
  return parts.join(' ');
}

/** Numbered rules with a hanging indent; returns the height used. */
/** `from`, `to`: only those rules (numbered as in the whole list), for rules split over two pages. */
function rules(d: Draw, x: number, y: number, w: number, size: number, wild: boolean, words: Messages, measureOnly = false, from = 0, to = Infinity): number {
  const indent = size * 1.4;
  const rtl = words.dir === 'rtl'; // the numbers at the right margin
  let h = 0;
  RULES.filter((r) => wild || r !== 'wild').map((r) => words.t(`fultiples.rule.${r}`)).forEach((rule, i) => {
    if (i < from || i >= to) return;
    if (!measureOnly) {
      d.paragraph(`${i + 1}.`, rtl ? x + w - indent : x, y + h, indent, { size, font: 'bold', ...(rtl ? { align: 'right' as const } : {}) });
      d.paragraph(rule, rtl ? x : x + indent, y + h, w - indent, { size });
    }
    h += d.paragraphHeight(rule, w - indent, { size }) + size * 0.3;
  });
  return h;
}

type Example = NonNullable<ReturnType<typeof example>>;

const stripHeight = (size: number) => size * 4.2;

/**
 * The example as cells: the shaded number, then the allowed moves ticked and the wrong one crossed.
 * Right to left, the strip starts at the right edge and its arrow points left, as the words read.
 */
function exampleStrip(d: Draw, x: number, y: number, w: number, size: number, e: Example, rtl = false): void {
  const cell = Math.min(size * 2.6, w / 5.6);
  const at = (offset: number, width = 0) => (rtl ? fromRight({ x, w }, offset, width) : x + offset);
  const moves = [e.factor, e.multiple, e.not].filter((v): v is number => v !== undefined);
  const bold = { size: size * 1.05, font: 'bold' as const, align: 'center' as const };
  const first = { x: at(0, cell), y, w: cell, h: cell };
  d.rect(first, { fill: '#d0d0d0', width: 1 });
  d.text(String(e.n), first, bold);
  arrow(d, [at(cell), y + cell / 2], [at(cell * 1.8), y + cell / 2], 2, 1);
  moves.forEach((v, i) => {
    const b = { x: at(cell * (2 + i * 1.25), cell), y, w: cell, h: cell };
    d.rect(b, { width: 1 });
    d.text(String(v), b, bold);
    const mx = b.x + cell / 2;
    const my = y + cell + size * 0.9;
    const k = size * 0.45;
    if (v === e.not) {
      d.line(mx - k, my - k, mx + k, my + k, { width: 1.6 });
      d.line(mx - k, my + k, mx + k, my - k, { width: 1.6 });
    } else {
      d.polyline([[mx - k, my], [mx - k * 0.2, my + k * 0.8], [mx + k, my - k]], { width: 1.6, join: 'round', cap: 'round' });
    }
  });
}

const playersHeight = (size: number) => size * 2.6 * 2 + size;

/**
 * Two rows of name line and colour square; right to left, the name starts at the right edge.
 * `room`: the height left for them above the page's foot, which closer rows keep to (large print's
 * longer words, as in French, left the captions under the rows in the footer).
 */
function players(d: Draw, x: number, y: number, w: number, size: number, words: Messages, room = Infinity): void {
  const rtl = words.dir === 'rtl';
  const at = (offset: number, width: number) => (rtl ? fromRight({ x, w }, offset, width) : x + offset);
  // the captions' line as drawn: large print cannot make them smaller than its least size
  const caption = Math.max(size * 0.75, d.minText) * 1.3;
  const rowH = Math.min(size * 2.6, Math.max(size * 1.9, (room - caption) / 2));
  const swatch = Math.min(rowH * 0.7, size * 2.6 * 0.7);
  const lineFrom = w * 0.36;
  const lineTo = w - swatch - size;
  for (let i = 0; i < 2; i++) {
    const top = y + i * rowH;
    d.text(words.t('fultiples.player', { n: i + 1 }), { x: at(0, w * 0.34), y: top, w: w * 0.34, h: rowH }, { size, font: 'bold', valign: 'middle', fit: true });
    d.line(at(lineFrom, 0), top + rowH * 0.75, at(lineTo, 0), top + rowH * 0.75, { width: 0.7 });
    d.rect({ x: at(w - swatch, swatch), y: top + (rowH - swatch) / 2, w: swatch, h: swatch }, { width: 1 }, 2);
  }
  const under = { size: size * 0.75, color: '#444444', valign: 'top' as const, fit: true };
  d.text(words.t('fultiples.playerName'), { x: at(lineFrom, w * 0.3), y: y + 2 * rowH, w: w * 0.3, h: size }, { ...under, align: rtl ? 'right' : 'left' });
  d.text(words.t('fultiples.playerColour'), { x: at(w * 0.7, w * 0.3), y: y + 2 * rowH, w: w * 0.3, h: size }, { ...under, align: rtl ? 'left' : 'right' });
}

/** The game sheet: caption, the board as large as the text below it allows, rules, example, players. */
export function gameSheet(d: Draw, box: Box, m: FultiplesModel, words: Messages = messages()): void {
  const gap = 12;
  const leftW = box.w * 0.56;
  const rightX = box.x + leftW + gap * 1.5;
  const rightW = box.w - leftW - gap * 1.5;
  const wild = m.wild.length > 0;
  const rows = m.board.length;
  const cols = m.board[0]!.length;
  let size = 11;
  let textH = 0;
  let capH = 0;
  // Shrink the words until the board keeps at least half the slot: the board is what they play on.
  for (; size > 7; size -= 0.5) {
    capH = size * 1.8;
    const left = size * 1.6 + rules(d, 0, 0, leftW, size, wild, words, true);
    const right = size * 1.6 + d.paragraphHeight(exampleText(m, words), rightW, { size }) + stripHeight(size) + size + playersHeight(size);
    textH = Math.max(left, right);
    const widthLimit = (box.w * rows) / cols; // a wide board is as tall as the width lets it be
    const boardH = Math.min(box.h - capH - textH - gap * 2, widthLimit);
    if (boardH >= Math.min(box.h * 0.5, widthLimit)) break;
  }
  const g = captionedBoard(d, box, m, size, words, box.h - capH - textH - gap * 2);
  const top = g.y + g.rows * g.ch + gap * 1.5;
  // Right to left, the rules (read first) take the right-hand column and the example the left.
  const rtl = words.dir === 'rtl';
  const rulesX = rtl ? fromRight(box, 0, leftW) : box.x;
  d.text(words.t('fultiples.howToPlay'), { x: rulesX, y: top, w: leftW, h: size * 1.4 }, { size: size * 1.15, font: 'bold', valign: 'top', fit: true });
  rules(d, rulesX, top + size * 1.6, leftW, size, wild, words);
  howToPlayExample(d, rtl ? box.x : rightX, top, rightW, size, m, words);
}

/** The caption (primes, wild cards) over the board, which takes the rest of the box (or `boardH`). */
function captionedBoard(d: Draw, box: Box, m: FultiplesModel, size: number, words: Messages, boardH?: number): ReturnType<typeof drawBoard> {
  const line = size * 1.8;
  const wild = m.wild.length > 0;
  const wildLabel = words.t('fultiples.wildLabel');
  const made = words.t('fultiples.madeFrom', { primes: m.primes.join(', ') });
  const madeStyle = { size: size * 1.05, font: 'bold' as const, valign: 'middle' as const, fit: true };
  const madeRoom = (boardW: number) => (wild ? boardW - d.textWidth(wildLabel, size) - size * 2 : boardW);
  // Large print cannot shrink the caption below 16 pt: where it does not fit beside the wild
  // card's key (English on a booklet's half page ran "2, 3, 7" under the star), the key goes on a
  // line of its own under it.
  const fits = (boardW: number) => d.textWidth(made, d.sizeFor(made, { x: 0, y: 0, w: madeRoom(boardW), h: line * 0.8 }, madeStyle), 'bold') <= madeRoom(boardW) + 0.01;
  const first = boardGeometry(m, { x: box.x, y: box.y + line, w: box.w, h: boardH ?? box.h - line });
  const capH = wild && !fits(first.cw * first.cols) ? line * 2 : line;
  const g = drawBoard(d, { x: box.x, y: box.y + capH, w: box.w, h: boardH ?? box.h - capH }, m, { big: true });
  const boardW = g.cw * g.cols;
  const capBox = { x: g.x, y: box.y, w: boardW, h: line * 0.8 };
  d.text(made, { ...capBox, w: capH > line ? boardW : madeRoom(boardW) }, madeStyle);
  if (wild) {
    const lw = d.textWidth(wildLabel, size);
    const keyY = box.y + capH - line;
    d.text(wildLabel, { ...capBox, y: keyY }, { size, align: 'right', valign: 'middle' });
    star(d, g.x + boardW - lw - size * 0.8, keyY + line * 0.4, size * 0.45);
  }
  return g;
}

/** The worked example and the players' names, from `top` down. */
function howToPlayExample(d: Draw, x: number, top: number, w: number, size: number, m: FultiplesModel, words: Messages): void {
  d.text(words.t('fultiples.example'), { x, y: top, w, h: size * 1.4 }, { size: size * 1.15, font: 'bold', valign: 'top', fit: true });
  const exH = d.paragraph(exampleText(m, words), x, top + size * 1.6, w, { size });
  const e = example(m);
  if (e) exampleStrip(d, x, top + size * 2.2 + exH, w, size, e, words.dir === 'rtl');
  players(d, x, top + size * 1.6 + exH + stripHeight(size) + size, w, size, words);
}

/** Large print: the board alone on its page, as big as the page allows. */
export function boardSheet(d: Draw, box: Box, m: FultiplesModel, words: Messages = messages()): void {
  captionedBoard(d, box, m, 11, words);
}

/**
 * Large print: the rules, then the example beside the players' names, on a page of their own. The
 * example's cells go under its sentences, or under the names when there they would reach the
 * footer (a long rule or example, as in French or German, at a size large print cannot shrink).
 */
export function rulesSheet(d: Draw, box: Box, m: FultiplesModel, words: Messages = messages(), part?: 0 | 1): void {
  const size = 11;
  const gap = 18;
  const wild = m.wild.length > 0;
  // A booklet's half page: the rules that fit on one page, then the rest, the example and the
  // players on the next (French and German rules alone ran past the first page's foot).
  let first = Infinity;
  if (part !== undefined) for (first = 0; rules(d, box.x, box.y, box.w, size, wild, words, true, 0, first + 1) <= box.h && first < RULES.length; first++);
  if (part === 0) {
    rules(d, box.x, box.y, box.w, size, wild, words, false, 0, first);
    return;
  }
  const h = part === 1 ? rules(d, box.x, box.y, box.w, size, wild, words, false, first) - (first >= RULES.length ? size : 0) : rules(d, box.x, box.y, box.w, size, wild, words);
  const leftW = (box.w - gap) * 0.55;
  // Right to left, the example (read first) takes the right-hand column and the players the left.
  const rtl = words.dir === 'rtl';
  const ex = { x: rtl ? fromRight(box, 0, leftW) : box.x, w: leftW };
  const right = { x: rtl ? box.x : box.x + leftW + gap, w: box.w - leftW - gap };
  const top = box.y + h + size;
  const e = example(m);
  if (part === 1) {
    // the half page's width: the example's words across it, its cells and the players' names under them
    d.text(words.t('fultiples.example'), { x: box.x, y: top, w: box.w, h: size * 1.4 }, { size: size * 1.15, font: 'bold', valign: 'top', fit: true, align: rtl ? 'right' : 'left' });
    const below = top + size * 2.2 + d.paragraph(exampleText(m, words), box.x, top + size * 1.6, box.w, { size });
    if (e) exampleStrip(d, ex.x, below, leftW, size, e, rtl);
    players(d, right.x, below, right.w, size, words, box.y + box.h - below);
    return;
  }
  d.text(words.t('fultiples.example'), { x: ex.x, y: top, w: leftW, h: size * 1.4 }, { size: size * 1.15, font: 'bold', valign: 'top', fit: true });
  const exH = d.paragraph(exampleText(m, words), ex.x, top + size * 1.6, leftW, { size });
  const under = top + size * 2.2 + exH;
  if (e && under + stripHeight(size) <= box.y + box.h - size) exampleStrip(d, ex.x, under, leftW, size, e, rtl);
  else if (e) exampleStrip(d, right.x, top + size * 2.2 + playersHeight(size), right.w, size, e, rtl);
  players(d, right.x, top + size * 1.6, right.w, size, words);
}
