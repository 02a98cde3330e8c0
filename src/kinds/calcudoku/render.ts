import { square, type Box, type Draw } from '../../pdf/draw.js';
import type { CalcudokuModel, Op } from './model.js';

/** Print signs: the real minus, times and division glyphs (Andika has them). */
export const SIGN: Record<Op, string> = { '+': '+', '-': '\u2212', '*': '\u00d7', '/': '\u00f7', '=': '' };

export function clueText(target: number, op: Op, showSign: boolean): string {
  return showSign ? `${target}${SIGN[op]}` : String(target);
}

/**
 * Where a cage's clue goes, its top-left square, and how many squares of the cage run on from it
 * along its row: a clue too long for one square runs on over them, as newspapers print it.
 */
export function clueRun(m: CalcudokuModel, k: number): { r: number; c: number; run: number } {
  const cells = m.cages[k]!.cells;
  const [r, c] = cells.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
  let run = 1;
  while (cells.some(([rr, cc]) => rr === r && cc === c + run)) run++;
  return { r, c, run };
}

export function drawPuzzle(d: Draw, box: Box, m: CalcudokuModel): void {
  drawGrid(d, box, m, { signs: !m.hideOps });
}

export function drawAnswer(d: Draw, box: Box, m: CalcudokuModel): void {
  drawGrid(d, box, m, { signs: true, digits: m.solution.flat() });
}

/** A worked-solution diagram: the digits known so far, the cells a step looks at shaded, their pencil marks. */
export interface Diagram {
  digits: number[]; // per cell r*n+c, 0 when not yet known
  marks: number[]; // cells to shade
  notes: [number, number[]][]; // cell and the digits still possible there
  /** Of those, the digits the step rules out: struck through, so the picture agrees with its sentence. */
  struck?: [number, number[]][];
}

export function drawDiagram(d: Draw, box: Box, m: CalcudokuModel, g: Diagram): void {
  const n = m.size;
  // Column letters above and row numbers to the left, as the sentences name cells (B3).
  const label = Math.min(box.w, box.h) / (n + 0.7) * 0.7;
  const grid = { x: box.x + label, y: box.y + label, w: box.w - label, h: box.h - label };
  const cell = Math.min(grid.w, grid.h) / n;
  for (let k = 0; k < n; k++) {
    const style = { size: label * 0.62, align: 'center' as const, valign: 'middle' as const, color: '#555555' };
    d.text(String.fromCharCode(65 + k), { x: grid.x + k * cell, y: box.y, w: cell, h: label * 0.9 }, style);
    d.text(String(k + 1), { x: box.x, y: grid.y + k * cell, w: label * 0.9, h: cell }, style);
  }
  drawGrid(d, grid, m, { signs: true, digits: g.digits, marks: g.marks, notes: g.notes, struck: g.struck });
}

/** The worked example's picture: the digits so far and the square just filled shaded, no labels; signs as on the sheet. */
export function drawExample(d: Draw, box: Box, m: CalcudokuModel, digits: number[], marks: number[]): void {
  drawGrid(d, box, m, { signs: !m.hideOps, digits, marks });
}

interface Look {
  signs: boolean;
  digits?: number[]; // per cell; 0 leaves it empty
  marks?: number[];
  notes?: [number, number[]][];
  struck?: [number, number[]][];
}

/**
 * Newspaper KenKen: thin grey cell lines, thick black cage walls and frame, the clue small in the
 * top-left corner of each cage. The answer key adds the digits and always shows the signs.
 */
function drawGrid(d: Draw, box: Box, m: CalcudokuModel, look: Look): void {
  const n = m.size;
  const frame = square(box);
  const thick = Math.max(1.2, Math.min(3, frame.w / n / 16));
  // Keep the frame's outer edge inside the slot.
  const s = { x: frame.x + thick / 2, y: frame.y + thick / 2, w: frame.w - thick, h: frame.h - thick };
  const cell = s.w / n;
  const owner: number[] = new Array(n * n).fill(-1);
  m.cages.forEach((c, k) => c.cells.forEach(([r, col]) => (owner[r * n + col] = k)));

  for (const i of look.marks ?? []) {
    d.rect({ x: s.x + (i % n) * cell, y: s.y + Math.floor(i / n) * cell, w: cell, h: cell }, { fill: '#d6e4f5', stroke: false });
  }
  const thin = { stroke: '#9a9a9a', width: Math.max(0.35, thick / 4) };
  for (let k = 1; k < n; k++) {
    d.line(s.x + k * cell, s.y, s.x + k * cell, s.y + s.h, thin);
    d.line(s.x, s.y + k * cell, s.x + s.w, s.y + k * cell, thin);
  }

  // Square caps close the corners where wall pieces meet. A wall along several squares in a row is
  // one line: with square caps it covers what its pieces covered, in fewer bytes, with no seams.
  const wall = { stroke: '#000000', width: thick, cap: 'square' as const };
  for (let k = 1; k < n; k++) {
    // between columns k-1 and k, then between rows k-1 and k: runs of squares split by a wall
    for (const down of [true, false]) {
      const splits = (j: number) => (down ? owner[j * n + k - 1] !== owner[j * n + k] : owner[(k - 1) * n + j] !== owner[k * n + j]);
      for (let j = 0; j < n; j++) {
        if (!splits(j)) continue;
        let end = j + 1;
        while (end < n && splits(end)) end++;
        if (down) d.line(s.x + k * cell, s.y + j * cell, s.x + k * cell, s.y + end * cell, wall);
        else d.line(s.x + j * cell, s.y + k * cell, s.x + end * cell, s.y + k * cell, wall);
        j = end;
      }
    }
  }
  d.rect(s, { stroke: '#000000', width: thick });

  const pad = thick / 2 + cell * 0.06;
  const clueSize = cell * (n >= 10 ? 0.25 : 0.27);
  m.cages.forEach((cage, k) => {
    const { r, c, run } = clueRun(m, k);
    const text = clueText(cage.target, cage.op, look.signs);
    // Too long for its square at this size (or at large print's floor), the clue runs on over the
    // cage's next squares in the row rather than shrink; only where even they are too few does it shrink.
    const one = cell - 2 * pad;
    const w = run > 1 && d.textWidth(text, Math.max(clueSize, d.minText), 'bold') > one ? run * cell - 2 * pad : one;
    const at = { x: s.x + c * cell + pad, y: s.y + r * cell + pad, w, h: clueSize * 1.2 };
    d.text(text, at, { size: clueSize, font: 'bold', align: 'left', valign: 'top', fit: true });
  });
  const digitSize = cell * 0.5;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const digit = look.digits?.[r * n + c];
      if (!digit) continue;
      // Sit a little low so the digit clears the clue in the corner.
      const at = { x: s.x + c * cell, y: s.y + r * cell + cell * 0.12, w: cell, h: cell * 0.88 };
      d.text(String(digit), at, { size: digitSize, align: 'center', valign: 'middle' });
    }
  }
  // Pencil marks below the clue, each digit in a slot of its own (1-5 above 6-9 on big grids), so a
  // reader finds a digit at the same spot in every cell.
  const perRow = n <= 5 ? n : Math.ceil(n / 2);
  const rows = Math.ceil(n / perRow);
  const top = cell * 0.42;
  const slotW = (cell - 2 * pad) / perRow;
  const slotH = (cell - top - pad) / rows;
  const noteSize = Math.min(cell * 0.26, slotH * 0.95, slotW * 1.6);
  const struck = new Map(look.struck ?? []);
  for (const [i, digits] of look.notes ?? []) {
    const x = s.x + (i % n) * cell + pad;
    const y = s.y + Math.floor(i / n) * cell + top + (rows === 1 ? slotH * 0.1 : 0);
    for (const v of digits) {
      const at = { x: x + ((v - 1) % perRow) * slotW, y: y + Math.floor((v - 1) / perRow) * slotH, w: slotW, h: slotH };
      const out = struck.get(i)?.includes(v);
      d.text(String(v), at, { size: noteSize, align: 'center', valign: 'middle', color: out ? '#8a8a8a' : '#1f4e8c' });
      // ruled out by the step: grey and crossed by a stroke, which still shows in grey print
      if (out) d.line(at.x + at.w / 2 - noteSize * 0.45, at.y + at.h / 2 + noteSize * 0.3, at.x + at.w / 2 + noteSize * 0.45, at.y + at.h / 2 - noteSize * 0.3, { width: Math.max(0.5, noteSize * 0.08), stroke: '#333333' });
    }
  }
}
