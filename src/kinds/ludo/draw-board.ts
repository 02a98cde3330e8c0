import type { Box, Draw } from '../../pdf/draw.js';
import { GOAL, deadEndSquares, neverLandedSquares, onPathSquares, penultimateSquares, reachableSquares, squareClasses, type SquareClass } from './rules.js';
import { expectedTurnsExact, ratioValue } from './expect.js';
import { messages, type Messages } from '../../i18n/messages.js';
import { cross, hatch, star } from './draw-util.js';

const COLS = 10;
const ROWS = 12;

export const COLOURS: Record<SquareClass, string> = {
  goal: '#f2b705',
  start: '#bcd7f5',
  penultimate: '#ffe27a',
  path: '#c6e8c0',
  deadEnd: '#f6cfcf',
  never: '#ffffff',
};

/** One square of the board: colour for the eye, a corner symbol or pattern for black-and-white copies. */
export function drawSquare(d: Draw, cell: Box, n: number, cls: SquareClass, w: Messages = messages()): void {
  d.rect(cell, { fill: COLOURS[cls], stroke: false });
  const s = cell.w;
  const corner = { x: cell.x + s * 0.8, y: cell.y + s * 0.2 };
  if (cls === 'deadEnd') hatch(d, cell, s / 7, '#b98282');
  if (cls === 'penultimate') star(d, corner.x, corner.y, s * 0.13, { fill: '#000000' });
  if (cls === 'path') d.circle(corner.x, corner.y, s * 0.075, { fill: '#000000' });
  if (cls === 'deadEnd') cross(d, corner.x, corner.y, s * 0.08, '#000000', Math.max(0.8, s * 0.03));
  const label = String(n);
  const size = s * 0.36;
  if (cls === 'deadEnd') {
    const w = d.textWidth(label, size, 'bold') + s * 0.12;
    d.rect({ x: cell.x + (s - w) / 2, y: cell.y + s * 0.32, w, h: s * 0.38 }, { fill: '#ffffff', stroke: false }, s * 0.06);
  }
  const grey = cls === 'never';
  d.text(label, { x: cell.x, y: cell.y + s * 0.05, w: s, h: s * 0.9 }, { size, font: grey ? 'regular' : 'bold', color: grey ? '#8a8a8a' : '#000000', align: 'center' });
  if ((cls === 'start' || cls === 'goal') && !d.minText) {
    d.text(w.t(cls === 'start' ? 'ludo.startMark' : 'ludo.homeMark'), { x: cell.x, y: cell.y + s * 0.72, w: s, h: s * 0.22 }, { size: s * 0.16, font: 'bold', align: 'center', fit: true });
  }
}

export function boardGeometry(box: Box, keyH: number): { x: number; y: number; cell: number } {
  const cell = Math.min(box.w / COLS, (box.h - keyH) / ROWS);
  return { x: box.x + (box.w - cell * COLS) / 2, y: box.y, cell };
}

/** The 10 by 12 grid, 1 to 120 in reading order like a hundred square, so columns share a last digit. */
export function drawGrid(d: Draw, x: number, y: number, cell: number, paint: (cellBox: Box, n: number) => void): void {
  for (let n = 1; n <= GOAL; n++) {
    const r = Math.floor((n - 1) / COLS);
    const c = (n - 1) % COLS;
    paint({ x: x + c * cell, y: y + r * cell, w: cell, h: cell }, n);
  }
  for (let c = 0; c <= COLS; c++) d.line(x + c * cell, y, x + c * cell, y + ROWS * cell, { width: c % COLS === 0 ? 1.5 : 0.6 });
  for (let r = 0; r <= ROWS; r++) d.line(x, y + r * cell, x + COLS * cell, y + r * cell, { width: r % ROWS === 0 ? 1.5 : 0.6 });
}

/** The board pupils play on: numbers only, START and HOME marked, nothing that answers a worksheet. */
export function drawPlainBoard(d: Draw, box: Box, w: Messages = messages()): void {
  const g = boardGeometry(box, 0);
  drawGrid(d, g.x, g.y, g.cell, (cell, n) => {
    const s = cell.w;
    const end = n === 1 || n === GOAL;
    if (end) d.rect(cell, { fill: COLOURS[n === 1 ? 'start' : 'goal'], stroke: false });
    d.text(String(n), { x: cell.x, y: cell.y + s * 0.05, w: s, h: s * 0.9 }, { size: s * 0.36, font: 'bold', align: 'center' });
    // Large print has no room for 16 pt words under the number: the coloured squares and the sheet's words say it.
    if (end && !d.minText) d.text(w.t(n === 1 ? 'ludo.startMark' : 'ludo.homeMark'), { x: cell.x, y: cell.y + s * 0.72, w: s, h: s * 0.22 }, { size: s * 0.16, font: 'bold', align: 'center', fit: true });
  });
  const goal = GOAL - 1;
  d.rect({ x: g.x + (goal % COLS) * g.cell, y: g.y + Math.floor(goal / COLS) * g.cell, w: g.cell, h: g.cell }, { width: 2.5 });
}

/**
 * The teacher's board: every square shaded by what can happen there, with a legend. `part`: large
 * print draws the board and its legend on pages of their own.
 */
export function drawBoard(d: Draw, box: Box, w: Messages = messages(), part?: 'grid' | 'key'): void {
  if (part === 'key') {
    drawKey(d, box, w);
    return;
  }
  // The key keeps its natural height at the grid's width, and the grid takes the rest; a narrower
  // grid makes a taller key, so settle the two by a few rounds of measuring.
  let keyH = 0;
  let g = boardGeometry(box, keyH);
  for (let round = 0; round < (part ? 0 : 4); round++) {
    keyH = drawKey(d, { x: g.x, y: box.y, w: g.cell * COLS, h: box.h }, w, true) + 12;
    g = boardGeometry(box, keyH);
  }
  // In a short or narrow box those rounds need not settle (a narrower grid's key grew taller than the
  // box): then the largest grid whose key fits below it, or at worst a key as wide as the box.
  let keyBox = { x: g.x, w: g.cell * COLS };
  if (!part) {
    keyH = drawKey(d, { ...box, ...keyBox }, w, true) + 12;
    if (!(g.cell > 0 && ROWS * g.cell + keyH <= box.h)) ({ g, keyH, keyBox } = squeezed(d, box, w));
  }
  const classes = squareClasses();
  drawGrid(d, g.x, g.y, g.cell, (cell, n) => drawSquare(d, cell, n, classes[n]!, w));
  const goalR = Math.floor((GOAL - 1) / COLS);
  const goalC = (GOAL - 1) % COLS;
  d.rect({ x: g.x + goalC * g.cell, y: g.y + goalR * g.cell, w: g.cell, h: g.cell }, { width: 2.5 });
  if (!part) drawKey(d, { ...keyBox, y: g.y + ROWS * g.cell + 10, h: keyH - 10 }, w);
}

/** The board and key when the key at the grid's width does not settle: the biggest grid that leaves it room. */
function squeezed(d: Draw, box: Box, w: Messages): { g: { x: number; y: number; cell: number }; keyH: number; keyBox: { x: number; w: number } } {
  const most = Math.min(box.w / COLS, box.h / ROWS);
  for (let k = 0; k < 100; k++) {
    const cell = most * (1 - k / 100);
    // Squares smaller than half the most the box allows are not worth a key squeezed to their width.
    if (cell < most / 2) break;
    const keyH = drawKey(d, { x: box.x, y: box.y, w: cell * COLS, h: box.h }, w, true) + 12;
    if (ROWS * cell + keyH <= box.h) {
      const g = boardGeometry(box, box.h - ROWS * cell);
      return { g, keyH, keyBox: { x: g.x, w: g.cell * COLS } };
    }
  }
  const keyH = drawKey(d, box, w, true) + 12;
  return { g: boardGeometry(box, Math.min(keyH, box.h)), keyH, keyBox: { x: box.x, w: box.w } };
}

/** Draws the key, or with `measure` only returns the height it would take. */
function drawKey(d: Draw, box: Box, w: Messages, measure = false): number {
  const pen = penultimateSquares();
  const path = onPathSquares().filter((s) => s !== GOAL && !pen.includes(s));
  const dead = deadEndSquares();
  const entries: [SquareClass, string][] = [
    ['penultimate', w.t('ludo.key.penultimate', { squares: pen.join(', ') })],
    ['path', w.t('ludo.key.path', { squares: path.join(', ') })],
    ['deadEnd', w.t('ludo.key.deadEnd', { n: dead.length })],
    ['never', w.t('ludo.key.never')],
  ];
  const sw = 24;
  const size = 9.5;
  const colW = box.w / 2;
  const textW = colW - sw - 12;
  const rowH = Math.max(sw, ...entries.map(([, t]) => d.paragraphHeight(t, textW, { size }))) + 6;
  const e1 = expectedTurnsExact().get(1)!;
  const facts = w.t('ludo.key.facts', {
    reach: reachableSquares().length,
    path: onPathSquares().length,
    dead: dead.length,
    never: neverLandedSquares().length,
    turns: ratioValue(e1).toFixed(1),
  });
  const height = 2 * rowH + 2 + d.paragraphHeight(facts, box.w, { size, font: 'italic' });
  if (measure) return height;
  entries.forEach(([cls, text], i) => {
    const x = box.x + (i % 2) * colW;
    const y = box.y + Math.floor(i / 2) * rowH;
    d.group(() => drawSquare(d, { x, y, w: sw, h: sw }, cls === 'never' ? 7 : cls === 'deadEnd' ? 9 : cls === 'path' ? 12 : 30, cls));
    d.rect({ x, y, w: sw, h: sw }, { width: 0.6 });
    d.paragraph(text, x + sw + 6, y + 1, textW, { size });
  });
  d.paragraph(facts, box.x, box.y + 2 * rowH + 2, box.w, { size, font: 'italic' });
  return height;
}
