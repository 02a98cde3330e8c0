import { OP_BIT, opsMaskOf, type CalcudokuModel, type Op } from './model.js';

/** A cage as the solvers see it: cell indices r*n+c, and the operations its clue may stand for. */
export interface CageInfo {
  cells: number[];
  ops: number; // OP_BIT flags; several when signs are hidden
  target: number;
  lines: number[]; // distinct rows (r) and columns (n+c) the cage touches
  rowSlot: number[]; // per cell: index into lines of its row
  colSlot: number[]; // per cell: index into lines of its column
}

export interface Puz {
  n: number;
  cages: CageInfo[];
  cageOf: Int32Array;
  posOf: Int32Array; // index of each cell within its cage
}

/** Operations a hidden-sign clue may stand for, given the cage's size and the allowed signs. */
export function cageOps(size: number, op: Op, hideOps: boolean, allowed: number): number {
  if (size === 1) return OP_BIT['='];
  if (!hideOps) return OP_BIT[op];
  return size === 2 ? allowed : allowed & (OP_BIT['+'] | OP_BIT['*']);
}

export function makePuz(n: number, cages: { cells: number[]; ops: number; target: number }[]): Puz {
  const cageOf = new Int32Array(n * n).fill(-1);
  const posOf = new Int32Array(n * n);
  const infos = cages.map((cg, k) => {
    const lines: number[] = [];
    const slot = (line: number) => {
      let i = lines.indexOf(line);
      if (i < 0) i = lines.push(line) - 1;
      return i;
    };
    const rowSlot = cg.cells.map((i) => slot(Math.floor(i / n)));
    const colSlot = cg.cells.map((i) => slot(n + (i % n)));
    cg.cells.forEach((i, j) => {
      cageOf[i] = k;
      posOf[i] = j;
    });
    return { cells: cg.cells, ops: cg.ops, target: cg.target, lines, rowSlot, colSlot };
  });
  return { n, cages: infos, cageOf, posOf };
}

export function puzOfModel(m: CalcudokuModel): Puz {
  const allowed = opsMaskOf(m.ops);
  return makePuz(
    m.size,
    m.cages.map((c) => ({
      cells: c.cells.map(([r, col]) => r * m.size + col),
      ops: cageOps(c.cells.length, c.op, m.hideOps, allowed),
      target: c.target,
    })),
  );
}
