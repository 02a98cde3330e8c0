import type { Kind } from '../../core/kind.js';
import { puzzleSections } from '../../layout/standard.js';
import { checkFlow } from './check.js';
import { generateFlow } from './generate.js';
import type { FlowModel } from './model.js';
import { decodeOptions, encodeOptions, flowOptionSpecs, flowSchema, type FlowOptions } from './options.js';
import { explain, type Diagram } from './explain.js';
import { EXAMPLE, exampleSteps } from './example.js';
import { drawAnswer, drawDiagram, drawPuzzle } from './render.js';
import { messages, wordsOf } from '../../i18n/messages.js';

export type { FlowModel } from './model.js';
export type { FlowOptions } from './options.js';

/** Puzzles per page by grid size: squares stay big enough to draw in with a pencil. */
function perPage(o: FlowOptions) {
  const side = Math.max(o.width, o.height);
  if (side <= 8) return { grid: { cols: 2, rows: 3 }, answerGrid: { cols: 3, rows: 4 } };
  if (side <= 11) return { grid: { cols: 2, rows: 2 }, answerGrid: { cols: 3, rows: 3 } };
  // Big answer keys stay large enough (about 17 pt a square or more) to trace each line by eye.
  if (side <= 15) return { grid: { cols: 1, rows: 2 }, answerGrid: { cols: 2, rows: 2 } };
  return { grid: { cols: 1, rows: 1 }, answerGrid: { cols: 1, rows: 1 } };
}

export const flow: Kind<FlowOptions, FlowModel> = {
  name: 'flow',
  title: 'Flow',
  letter: 'F',
  summary: 'Flow (Numberlink): join matching numbers so the lines fill the grid; one solution each',
  options: flowOptionSpecs,
  schema: flowSchema,
  defaultCount: 6,
  encode: encodeOptions,
  decode: decodeOptions,
  generate: generateFlow,
  check: checkFlow,
  explain: (_o, item, m) => explain(item.model, m ?? messages()),
  drawDiagram: (d, box, model, diagram) => drawDiagram(d, box, model, diagram as Diagram),
  describe: (o, m = messages()) => `${o.width}\u00d7${o.height} · ${m.t(`flow.level.${o.difficulty}`)}`,
  sections: (o, items, ctx) =>
    puzzleSections({
      items,
      ctx,
      ...perPage(o),
      // Label size on the dots as render.ts draws a two-digit label (fitted inside 0.475 of a square).
      // Lines, not digits, are drawn in Flow squares: 7 mm is room enough (the 8x8 default's 2x3 gives 7.4).
      legibility: { across: o.width, down: o.height, clueShare: 0.39, minCellMm: 7 },
      instructions: wordsOf(ctx).t('flow.instructions'),
      example: o.example && !ctx.key ? { title: wordsOf(ctx).t('example.title'), steps: exampleSteps(wordsOf(ctx)), squares: EXAMPLE.width } : undefined,
      puzzle: drawPuzzle,
      answer: drawAnswer,
    }),
  json: (_o, items) => ({
    kind: 'flow',
    puzzles: items.map((it) => ({
      code: it.code,
      width: it.model.width,
      height: it.model.height,
      difficulty: it.model.difficulty,
      endpoints: it.model.endpoints,
      paths: it.model.paths,
    })),
  }),
};
