import type { Box, Draw } from '../../pdf/draw.js';
import type { Messages } from '../../i18n/messages.js';
import type { ExampleStep } from '../../layout/example.js';
import type { FlowModel } from './model.js';
import { drawExample } from './render.js';

/**
 * The worked example on the first page: a 5x5 puzzle and its first three lines, each started from
 * a dot that has only one free square beside it. The tests check the puzzle with the independent
 * solver (one solution) and that each of those dots really has one way out when its step comes.
 */
export const EXAMPLE: FlowModel = {
  width: 5,
  height: 5,
  difficulty: 'easy',
  endpoints: [
    { label: '1', cells: [[0, 0], [1, 1]] },
    { label: '2', cells: [[0, 1], [0, 4]] },
    { label: '3', cells: [[1, 4], [1, 2]] },
    { label: '4', cells: [[2, 3], [4, 2]] },
    { label: '5', cells: [[2, 4], [4, 4]] },
    { label: '6', cells: [[3, 1], [4, 3]] },
  ],
  paths: [
    { label: '1', cells: [[0, 0], [1, 0], [1, 1]] },
    { label: '2', cells: [[0, 1], [0, 2], [0, 3], [0, 4]] },
    { label: '3', cells: [[1, 4], [1, 3], [1, 2]] },
    { label: '4', cells: [[2, 3], [2, 2], [2, 1], [2, 0], [3, 0], [4, 0], [4, 1], [4, 2]] },
    { label: '5', cells: [[2, 4], [3, 4], [4, 4]] },
    { label: '6', cells: [[3, 1], [3, 2], [3, 3], [4, 3]] },
  ],
};

export interface Step {
  line: number; // index into paths: the whole line is drawn, from its first cell
  way: 'up' | 'down' | 'left' | 'right'; // the one way out of its first dot
}

export const STEPS: Step[] = [
  { line: 0, way: 'down' },
  { line: 1, way: 'right' },
  { line: 2, way: 'left' },
];

/** The steps as the page shows them: the lines so far, the newest one just drawn. */
export function exampleSteps(m: Messages): ExampleStep[] {
  const from = EXAMPLE.paths.map(() => 0);
  const to = EXAMPLE.paths.map(() => 0);
  return STEPS.map((s, k) => {
    from[s.line] = EXAMPLE.paths[s.line]!.cells.length;
    // no rings round the new line: at this size they hide its dots, and the sentence names the line
    const diagram = { from: from.slice(), to: to.slice(), mark: [] };
    return { text: m.t(`flow.example.${k + 1}`), draw: (d: Draw, box: Box) => drawExample(d, box, EXAMPLE, diagram) };
  });
}
