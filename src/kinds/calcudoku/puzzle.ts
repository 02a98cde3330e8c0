import { OP_BIT, opsMaskOf, type CalcudokuModel, type Op } from './model.js';
import type { Fillings } from './scan.js';
import { insertSorted } from './partition.js';

/** A cage as the solvers see it: cell indices r*n+c, and the operations its clue may stand for. */
export interface CageInfo {
  cells: number[];
  ops: number; // OP_BIT flags; several when signs are hidden
  target: number;
  lines: number[]; // distinct rows (r) and columns (n+c) the cage touches
  rowSlot: number[]; // per cell: index into lines of its row
  colSlot: number[]; // per cell: index into lines of its column
  /** Its fillings once enumerated (scan.ts): a cage object lives through many gradings. */
  fill: Fillings | null;
}

export interface Puz {
  n: number;
  cages: CageInfo[];
  // Plain arrays, not typed ones: a puzzle is made for every grading, and typed arrays over 64
  // bytes cost a separate allocation each.
  cageOf: number[];
  posOf: number[]; // index of each cell within its cage
  mustAt: number[]; // per cage: where its lines start in a solver's per-line array
  lineCount: number; // lines over all cages
}

/** Operations a hidden-sign clue may stand for, given the cage's size and the allowed signs. */
export function cageOps(size: number, op: Op, hideOps: boolean, allowed: number): number {
  if (size === 1) return OP_BIT['='];
  if (!hideOps) return OP_BIT[op];
  return size === 2 ? allowed : allowed & (OP_BIT['+'] | OP_BIT['*']);
}

/**
 * A cage's solver view; the generator keeps one per cage it made, so each is built once. Its cells
 * are in reading order whatever order they came in, so every copy of a shape shares one fillings
 * cache entry (scan.ts), and the solvers' results do not depend on the order.
 */
export function cageInfo(n: number, unordered: readonly number[], ops: number, target: number): CageInfo {
  const cells: number[] = [];
  for (const i of unordered) insertSorted(cells, i);
  const lines: number[] = [];
  const rowSlot: number[] = [];
  const colSlot: number[] = [];
  for (const i of cells) {
    const r = (i / n) | 0;
    rowSlot.push(slotOf(lines, r));
    colSlot.push(slotOf(lines, n + i - r * n));
  }
  return { cells, ops, target, lines, rowSlot, colSlot, fill: null };
}

/** Where `line` is in `lines`, added at the end if new. */
function slotOf(lines: number[], line: number): number {
  for (let s = 0; s < lines.length; s++) if (lines[s] === line) return s;
  lines.push(line);
  return lines.length - 1;
}

/** A puzzle from its cages' solver views. */
export function puzOf(n: number, infos: CageInfo[]): Puz {
  const cageOf = filled(n * n, -1);
  const posOf = filled(n * n, 0);
  const mustAt = filled(infos.length, 0);
  let lines = 0;
  for (let k = 0; k < infos.length; k++) {
    const cells = infos[k]!.cells;
    for (let j = 0; j < cells.length; j++) {
      cageOf[cells[j]!] = k;
      posOf[cells[j]!] = j;
    }
    mustAt[k] = lines;
    lines += infos[k]!.lines.length;
  }
  return { n, cages: infos, cageOf, posOf, mustAt, lineCount: lines };
}

/** An array of `len` copies of v, packed (no holes), which V8 reads and copies fastest. */
export function filled(len: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < len; i++) out.push(v);
  return out;
}

export function makePuz(n: number, cages: { cells: number[]; ops: number; target: number }[]): Puz {
  return puzOf(
    n,
    cages.map((cg) => cageInfo(n, cg.cells, cg.ops, cg.target)),
  );
}

export function puzOfModel(m: CalcudokuModel): Puz {
  const allowed = opsMaskOf(m.ops);
  const infos: CageInfo[] = [];
  for (const c of m.cages) {
    const cells: number[] = [];
    for (const [r, col] of c.cells) cells.push(r * m.size + col);
    infos.push(cageInfo(m.size, cells, cageOps(cells.length, c.op, m.hideOps, allowed), c.target));
  }
  return puzOf(m.size, infos);
}
