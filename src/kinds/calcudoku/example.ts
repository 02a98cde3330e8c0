import type { Box, Draw } from '../../pdf/draw.js';
import type { Messages } from '../../i18n/messages.js';
import type { ExampleStep } from '../../layout/example.js';
import { OP_BIT, opsMaskOf, type CalcudokuModel } from './model.js';
import { drawExample } from './render.js';

/**
 * The worked example on the first page: a 3x3 puzzle small enough to see whole, and its first
 * three steps, each a different idea (a one-square box, a box's numbers against its row, the last
 * number in a row). The tests check the puzzle with the independent referee (one solution) and
 * that every step's reason holds on the grid as it stands.
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

/** The same grid and steps with + boxes only, for sheets without - or x (young pupils adding up). */
export const PLUS_EXAMPLE: CalcudokuModel = {
  ...EXAMPLE,
  ops: '+',
  cages: [
    { cells: [[0, 0]], op: '=', target: 2 },
    { cells: [[0, 1], [1, 1]], op: '+', target: 3 },
    { cells: [[0, 2], [1, 2]], op: '+', target: 4 },
    { cells: [[1, 0], [2, 0]], op: '+', target: 4 },
    { cells: [[2, 1], [2, 2]], op: '+', target: 5 },
  ],
};

/** The example whose signs the sheet uses; a set without + keeps the first, whose second step needs a + box. */
export function exampleFor(ops: string): CalcudokuModel {
  const mask = opsMaskOf(ops);
  const uses = (m: CalcudokuModel) => m.cages.every((c) => c.op === '=' || mask & OP_BIT[c.op]);
  return uses(EXAMPLE) || !uses(PLUS_EXAMPLE) ? EXAMPLE : PLUS_EXAMPLE;
}

/** Why a step's number is sure: the tests check each reason against the grid before the step. */
export type Why =
  | { t: 'one' } // the cell is a box of one square: its number is the target
  | { t: 'pair'; other: number } // a two-square + box has one pair of numbers; the row already has `other`
  | { t: 'last' }; // every other square of the row is filled

export interface Step {
  cell: [number, number];
  value: number;
  why: Why;
}

export const STEPS: Step[] = [
  { cell: [0, 0], value: 2, why: { t: 'one' } },
  { cell: [0, 1], value: 1, why: { t: 'pair', other: 2 } },
  { cell: [0, 2], value: 3, why: { t: 'last' } },
];

function sentence(m: Messages, s: Step, example: CalcudokuModel): string {
  switch (s.why.t) {
    case 'one':
      return m.t('calcudoku.example.one', { n: s.value });
    case 'pair': {
      const cage = example.cages.find((c) => c.cells.some(([r, col]) => r === s.cell[0] && col === s.cell[1]))!;
      return m.t('calcudoku.example.pair', { target: cage.target, n: s.value, other: s.why.other });
    }
    case 'last': {
      const [a, b] = example.solution[s.cell[0]]!.filter((v) => v !== s.value);
      return m.t('calcudoku.example.last', { a: a!, b: b!, n: s.value });
    }
  }
}

/** The steps as the page shows them: the grid after each step, the square just filled shaded. */
export function exampleSteps(m: Messages, example: CalcudokuModel = EXAMPLE): ExampleStep[] {
  const n = example.size;
  const digits = new Array<number>(n * n).fill(0);
  return STEPS.map((s) => {
    const i = s.cell[0] * n + s.cell[1];
    digits[i] = s.value;
    const shown = digits.slice();
    return { text: sentence(m, s, example), draw: (d: Draw, box: Box) => drawExample(d, box, example, shown, [i]) };
  });
}
