import type { Box, Draw } from '../../pdf/draw.js';
import type { Messages } from '../../i18n/messages.js';
import type { ExampleStep } from '../../layout/example.js';
import { applyOp, OP_BIT, opsMaskOf, opsTextOf, type Cage, type CalcudokuModel, type Op } from './model.js';
import { drawExample, SIGN } from './render.js';

/**
 * The worked example on the first page: a 3x3 puzzle small enough to see whole, and its first
 * three steps, each a different idea (a one-square box, a two-square box's numbers against its row,
 * the last number in a row). Every example takes the same steps on the same squares; only its
 * numbers and signs differ, so a sheet's example uses no sign its puzzles do not. The tests check
 * each example a sheet can get with the independent referee (one solution, with the signs shown or
 * hidden as on the sheet) and that every step's reason holds on the grid as it stands.
 */
export const EXAMPLE: CalcudokuModel = {
  size: 3,
  difficulty: 'easy',
  ops: '+-x/',
  hideOps: false,
  cages: [
    { cells: [[0, 0]], op: '=', target: 2 },
    { cells: [[0, 1], [1, 1]], op: '+', target: 3 },
    { cells: [[0, 2], [1, 2]], op: '*', target: 3 },
    { cells: [[1, 0], [2, 0]], op: '-', target: 2 },
    { cells: [[2, 1], [2, 2]], op: '+', target: 5 },
  ],
  solution: [
    [2, 1, 3],
    [3, 2, 1],
    [1, 3, 2],
  ],
};

/** Boxes of one sign on the shapes of EXAMPLE (and two more one-square boxes for ÷, which cannot join 2 and 3). */
function oneSign(op: Op, solution: number[][], ones: [number, number][] = []): CalcudokuModel {
  const shapes: [number, number][][] = [[[0, 1], [1, 1]], [[0, 2], [1, 2]], [[1, 0], [2, 0]], [[2, 1], [2, 2]]];
  const cage = (cells: [number, number][], sign: Op): Cage => ({ cells, op: sign, target: applyOp(sign, cells.map(([r, c]) => solution[r]![c]!))! });
  const boxes = shapes.flatMap((cells) => (cells.some(([r, c]) => ones.some(([a, b]) => a === r && b === c)) ? cells.map((x) => cage([x], '=')) : [cage(cells, op)]));
  return { ...EXAMPLE, ops: opsTextOf(OP_BIT[op]), cages: [cage([[0, 0]], '='), ...boxes], solution };
}

/**
 * One example a sign, for sheets that lack EXAMPLE's signs and for hidden signs. The second
 * step's box has one pair of numbers whatever the sheet's signs, for + and x (5 is only 2 + 3,
 * 6 only 2 x 3), so those two also serve sheets that hide their signs.
 */
const SAME: number[][] = [
  [2, 3, 1],
  [1, 2, 3],
  [3, 1, 2],
];
export const PLUS_EXAMPLE = oneSign('+', SAME);
export const TIMES_EXAMPLE = oneSign('*', SAME);
export const MINUS_EXAMPLE = oneSign('-', [
  [1, 3, 2],
  [2, 1, 3],
  [3, 2, 1],
]);
export const DIVIDE_EXAMPLE = oneSign('/', [
  [3, 1, 2],
  [2, 3, 1],
  [1, 2, 3],
], [[2, 1]]);

const BY_SIGN = [PLUS_EXAMPLE, TIMES_EXAMPLE, MINUS_EXAMPLE, DIVIDE_EXAMPLE];

/** The pairs of different numbers 1..n, with the sign that makes `target` from them, for the signs in `mask`. */
export function pairsMaking(target: number, mask: number, n: number): { a: number; b: number; op: Op }[] {
  const out: { a: number; b: number; op: Op }[] = [];
  for (const op of ['+', '-', '*', '/'] as const) {
    if (!(mask & OP_BIT[op])) continue;
    for (let hi = 2; hi <= n; hi++) for (let lo = 1; lo < hi; lo++) if (applyOp(op, [hi, lo]) === target) out.push({ a: hi, b: lo, op });
  }
  return out;
}

/**
 * The example for a sheet: only the sheet's signs, and with hidden signs one whose second step's
 * box can be made only one way from those signs (so the step can say which sign it is). With + - x
 * shown, the first example, whose boxes show three signs; else the first of + x - ÷ the sheet has.
 */
export function exampleFor(ops: string, hideOps = false): CalcudokuModel {
  const mask = opsMaskOf(ops);
  const uses = (m: CalcudokuModel) => m.cages.every((c) => c.op === '=' || mask & OP_BIT[c.op]);
  const sure = (m: CalcudokuModel) => !hideOps || pairsMaking(pairBox(m).target, mask, m.size).length === 1;
  const chosen = !hideOps && uses(EXAMPLE) ? EXAMPLE : BY_SIGN.find((m) => uses(m) && sure(m)) ?? BY_SIGN.find(uses)!;
  return { ...chosen, ops: opsTextOf(mask), hideOps };
}

/** Why a step's number is sure: the tests check each reason against the grid before the step. */
export type Why =
  | { t: 'one' } // the cell is a box of one square: its number is the target
  | { t: 'pair' } // a two-square box has one pair of numbers; the row already has the other one
  | { t: 'last' }; // every other square of the row is filled

export interface Step {
  cell: [number, number];
  why: Why;
}

export const STEPS: Step[] = [
  { cell: [0, 0], why: { t: 'one' } },
  { cell: [0, 1], why: { t: 'pair' } },
  { cell: [0, 2], why: { t: 'last' } },
];

/** The box the second step fills a square of. */
function pairBox(m: CalcudokuModel): Cage {
  const [r, c] = STEPS[1]!.cell;
  return m.cages.find((g) => g.cells.some(([a, b]) => a === r && b === c))!;
}

function sentence(m: Messages, s: Step, example: CalcudokuModel): string {
  const [r, c] = s.cell;
  const n = example.solution[r]![c]!;
  switch (s.why.t) {
    case 'one':
      return m.t('calcudoku.example.one', { n });
    case 'pair': {
      const cage = pairBox(example);
      const other = cage.cells.map(([a, b]) => example.solution[a]![b]!).find((v) => v !== n)!;
      if (example.hideOps) {
        const { a, b, op } = pairsMaking(cage.target, opsMaskOf(example.ops), example.size)[0]!;
        return m.t('calcudoku.example.pairHidden', { target: cage.target, a, sign: SIGN[op], b, other, n });
      }
      // bigger number first where the order matters (- and ÷), as the instructions say; else this square's first
      const [a, b] = cage.op === '-' || cage.op === '/' ? [Math.max(n, other), Math.min(n, other)] : [n, other];
      return m.t('calcudoku.example.pair', { clue: `${cage.target}${SIGN[cage.op]}`, a, sign: SIGN[cage.op], b, other, n });
    }
    case 'last': {
      const [a, b] = example.solution[r]!.filter((v) => v !== n);
      return m.t('calcudoku.example.last', { a: a!, b: b!, n });
    }
  }
}

/** The steps as the page shows them: the grid after each step, the square just filled shaded. */
export function exampleSteps(m: Messages, example: CalcudokuModel = EXAMPLE): ExampleStep[] {
  const n = example.size;
  const digits = new Array<number>(n * n).fill(0);
  return STEPS.map((s) => {
    const i = s.cell[0] * n + s.cell[1];
    digits[i] = example.solution[s.cell[0]]![s.cell[1]]!;
    const shown = digits.slice();
    return { text: sentence(m, s, example), draw: (d: Draw, box: Box) => drawExample(d, box, example, shown, [i]) };
  });
}
