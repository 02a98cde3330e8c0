import type { Grid, Item, Kind } from '../../core/kind.js';
import { puzzleSections } from '../../layout/standard.js';
import { checkModel } from './check.js';
import { generate } from './generate.js';
import type { CalcudokuModel, CalcudokuOptions } from './model.js';
import { decode, encode, optionSpecs, schema } from './options.js';
import { explain } from './explain.js';
import { drawAnswer, drawDiagram, drawPuzzle, type Diagram } from './render.js';

export type { CalcudokuModel, CalcudokuOptions } from './model.js';

const PRINT_SIGN: Record<string, string> = { '+': '+', '-': '\u2212', x: '\u00d7', '/': '\u00f7' };

/** Puzzles per page by grid size: big grids need the room for two-digit clues. */
function grids(size: number): { grid: Grid; answerGrid: Grid } {
  if (size <= 5) return { grid: { cols: 2, rows: 3 }, answerGrid: { cols: 3, rows: 4 } };
  if (size <= 7) return { grid: { cols: 2, rows: 2 }, answerGrid: { cols: 3, rows: 3 } };
  if (size <= 9) return { grid: { cols: 1, rows: 2 }, answerGrid: { cols: 2, rows: 3 } };
  return { grid: { cols: 1, rows: 1 }, answerGrid: { cols: 2, rows: 2 } };
}

function instructions(o: CalcudokuOptions): string {
  const signs = [...o.ops].map((c) => PRINT_SIGN[c]).join(' ');
  const fill = `Fill each row and each column with the numbers 1 to ${o.size}, once each.`;
  const order = /[-/]/.test(o.ops) ? ` For ${[...o.ops].filter((c) => c === '-' || c === '/').map((c) => PRINT_SIGN[c]).join(' and ')}, start with the bigger number.` : '';
  if (o.hideOps) {
    return `${fill} The numbers in each outlined group must make its target with one of the signs ${signs}; the sign is not shown, so work out which one.${order} A number may repeat in a group, but not in a row or column.`;
  }
  return `${fill} The numbers in each outlined group must make the target using the sign shown.${order} A number may repeat in a group, but not in a row or column.`;
}

export const calcudoku: Kind<CalcudokuOptions, CalcudokuModel> = {
  name: 'calcudoku',
  title: 'Calcudoku',
  letter: 'K',
  summary: 'KenKen-style grids: every row and column holds 1..N, every outlined cage makes its target',
  options: optionSpecs,
  schema,
  defaultCount: 8,
  encode,
  decode,
  generate,
  check: checkModel,
  describe(o) {
    const signs = o.ops === '+-x/' ? '' : ` · ${[...o.ops].map((c) => PRINT_SIGN[c]).join(' ')} only`;
    return `${o.size}x${o.size} · ${o.difficulty}${signs}${o.hideOps ? ' · signs hidden' : ''}`;
  },
  sections(o, items, ctx) {
    return puzzleSections({
      items,
      ctx,
      ...grids(o.size),
      // Clue size as render.ts draws it; the layout keeps it at 7 pt or more.
      legibility: { across: o.size, down: o.size, clueShare: o.size >= 10 ? 0.25 : 0.27 },
      instructions: instructions(o),
      puzzle: drawPuzzle,
      answer: drawAnswer,
    });
  },
  explain: (_o, item) => explain(item.model),
  drawDiagram: (d, box, model, diagram) => drawDiagram(d, box, model, diagram as Diagram),
  json(_o, items: Item<CalcudokuModel>[]) {
    return {
      kind: 'calcudoku',
      puzzles: items.map((it) => ({
        code: it.code,
        size: it.model.size,
        difficulty: it.model.difficulty,
        ops: it.model.ops,
        hideOps: it.model.hideOps,
        cages: it.model.cages.map((c) => ({ cells: c.cells, op: c.op, target: c.target })),
        solution: it.model.solution,
      })),
    };
  },
};
