import type { Grid, Item, Kind } from '../../core/kind.js';
import { puzzleSections } from '../../layout/standard.js';
import { DIAGRAM_SIZE } from '../../layout/explain.js';
import { checkModel } from './check.js';
import { generate } from './generate.js';
import type { CalcudokuModel, CalcudokuOptions } from './model.js';
import { decode, encode, optionSpecs, schema } from './options.js';
import { explain } from './explain.js';
import { exampleFor, exampleSteps } from './example.js';
import { clueRun, clueText, drawAnswer, drawDiagram, drawPuzzle, type Diagram } from './render.js';
import { messages, wordsOf, type Messages } from '../../i18n/messages.js';

export type { CalcudokuModel, CalcudokuOptions } from './model.js';

const PRINT_SIGN: Record<string, string> = { '+': '+', '-': '\u2212', x: '\u00d7', '/': '\u00f7' };

/** Puzzles per page by grid size: big grids need the room for two-digit clues. */
function grids(size: number): { grid: Grid; answerGrid: Grid } {
  if (size <= 5) return { grid: { cols: 2, rows: 3 }, answerGrid: { cols: 3, rows: 4 } };
  if (size <= 7) return { grid: { cols: 2, rows: 2 }, answerGrid: { cols: 3, rows: 3 } };
  if (size <= 9) return { grid: { cols: 1, rows: 2 }, answerGrid: { cols: 2, rows: 3 } };
  return { grid: { cols: 1, rows: 1 }, answerGrid: { cols: 2, rows: 2 } };
}

/**
 * Large print: a square that holds the run's widest clue at 11 pt bold, which cannot shrink (about
 * 0.6 em a character in Andika bold, inside the padding render.ts leaves: 6% of the square a side
 * and half a wall).
 */
function largeCell(o: CalcudokuOptions, items: Item<CalcudokuModel>[]): { minCellPt: number; widest?: { what: string; short: number } } {
  // a clue may run on over its cage's next squares in the row (render.ts), so it needs their width
  const short = (3 * 0.6 * 11 + 3) / 0.88; // a three-character clue alone in its square: "12×"
  let need = (2 * 0.6 * 11 + 3) / 0.88;
  let widest: string | undefined;
  for (const it of items) {
    it.model.cages.forEach((cage, k) => {
      const text = clueText(cage.target, cage.op, !o.hideOps);
      const cell = (text.length * 0.6 * 11 + 3) / (clueRun(it.model, k).run - 0.12);
      if (cell > need) {
        need = cell;
        // said in the refusal, when this one clue asks more than short clues do: other puzzles may fit
        widest = cell > short + 0.01 ? `the box ${text} of puzzle ${it.number}` : undefined;
      }
    });
  }
  return { minCellPt: need, ...(widest ? { widest: { what: widest, short } } : {}) };
}

function instructions(o: CalcudokuOptions, m: Messages): string {
  const signs = [...o.ops].map((c) => PRINT_SIGN[c]).join(' ');
  const parts = [m.t('calcudoku.fill', { n: o.size }), o.hideOps ? m.t('calcudoku.ruleHidden', { signs }) : m.t('calcudoku.ruleShown')];
  const order = [...o.ops].filter((c) => c === '-' || c === '/').map((c) => PRINT_SIGN[c]!);
  if (order.length) parts.push(m.t('calcudoku.order', { signs: m.list(order) }));
  parts.push(m.t('calcudoku.repeat'));
  return parts.join(' ');
}

export const calcudoku: Kind<CalcudokuOptions, CalcudokuModel> = {
  name: 'calcudoku',
  title: 'Calcudoku',
  letter: 'K',
  // in plain words, short: "KenKen-style" is a trade name a teacher may not know, and the whole rule
  // (which the worked example on the sheet shows) made this the tallest card on a phone
  summary: 'Fill the grid: no number twice in a row or column, and each box makes its target',
  options: optionSpecs,
  schema,
  defaultCount: 8,
  encode,
  decode,
  generate,
  check: checkModel,
  describe(o, m = messages()) {
    const parts = [`${o.size}\u00d7${o.size}`, m.t(`calcudoku.level.${o.difficulty}`)];
    if (o.ops !== '+-x/') parts.push(m.t('calcudoku.only', { signs: [...o.ops].map((c) => PRINT_SIGN[c]).join(' ') }));
    if (o.hideOps) parts.push(m.t('calcudoku.signsHidden'));
    return parts.join(' · ');
  },
  sections(o, items, ctx) {
    const example = exampleFor(o.ops, o.hideOps);
    return puzzleSections({
      items,
      ctx,
      ...grids(o.size),
      // Clue size as render.ts draws it; the layout keeps it at 7 pt or more.
      legibility: { across: o.size, down: o.size, clueShare: o.size >= 10 ? 0.25 : 0.27, floorShare: 0.32, ...(ctx.largePrint ? largeCell(o, items) : {}) },
      instructions: instructions(o, wordsOf(ctx)),
      example: o.example !== false && !ctx.key ? { title: wordsOf(ctx).t('example.title'), steps: exampleSteps(wordsOf(ctx), example), squares: example.size } : undefined,
      puzzle: drawPuzzle,
      answer: drawAnswer,
    });
  },
  explain: (_o, item, m) => explain(item.model, m ?? messages()),
  drawDiagram: (d, box, model, diagram) => drawDiagram(d, box, model, diagram as Diagram),
  // From 7x7 diagrams grow with the grid (a 9x9 takes the column's width), so pencil marks stay readable.
  diagramSize: (model) => (model.size <= 6 ? DIAGRAM_SIZE : (model.size + 0.7) * 2.5),
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
