import type { Item, Kind, Section, SectionContext, Slot } from '../../core/kind.js';
import type { Box, Draw } from '../../pdf/draw.js';
import { check } from './check.js';
import { generate } from './generate.js';
import type { LudoModel } from './model.js';
import { decode, encode, options, schema, type LudoOptions, type Worksheet } from './options.js';
import { simulateCommand } from './simulate.js';
import { drawBoard, drawPlainBoard } from './draw-board.js';
import { drawRecord, drawRules, RECORD_PAGES } from './draw-pages.js';
import { drawLanding, drawNever, drawReplay, drawWays } from './draw-sheets.js';

const ONE = { cols: 1, rows: 1 };

function page(title: string, heading: string, draw: (d: Draw, box: Box) => void, instructions?: string): Section {
  return { title, template: 'sheet', answers: false, grid: ONE, heading, instructions, labels: false, slots: [{ draw }] };
}

interface SheetSpec {
  title: string;
  instructions: string;
  /** `half`: with `halves`, large print draws the sheet over two pages, one half each. */
  draw(d: Draw, box: Box, m: LudoModel, answers: boolean, half?: 0 | 1): void;
  halves?: boolean;
}

const SHEETS: Record<Worksheet, SheetSpec> = {
  landing: {
    title: 'Where does it land?',
    instructions: 'Multiply the square by the roll. Past 120? The marker goes back to 1. Exactly 120? It is home. A roll of 1 loses the turn. Then say whether the marker can still reach 120 exactly.',
    draw: (d, box, m, a) => drawLanding(d, box, m.landing!, a),
  },
  ways: {
    title: 'Every way to 120',
    instructions: 'A marker starts on 1. Each roll of 2, 3, 4, 5 or 6 multiplies its square. Which rolls take it to exactly 120?',
    draw: (d, box, m, a, half) => drawWays(d, box, m.ways!, a, half),
    halves: true,
  },
  never: {
    title: 'Squares you can never land on',
    instructions: 'A marker starts on 1 and only ever multiplies by 2, 3, 4, 5 or 6.',
    draw: (d, box, m, a, half) => drawNever(d, box, m.never!, a, half),
    halves: true,
  },
  replay: {
    title: 'Replay a game',
    instructions: 'Follow the game move by move. R1 is Red\'s first marker, B2 is Blue\'s second, and so on.',
    draw: (d, box, m, a, half) => drawReplay(d, box, m.replay!, a, half),
    halves: true,
  },
};

function sections(o: LudoOptions, items: Item<LudoModel>[], ctx: SectionContext): Section[] {
  // Large print: 16 pt text needs two pages for the rules and for the longer worksheets.
  const large = !!ctx.largePrint;
  const out: Section[] = [];
  if (o.printables.includes('board')) {
    const board = page('Board', 'Multiplication Ludo: the 120 board', o.board === 'annotated' ? drawBoard : drawPlainBoard, 'Start on 1. Multiply by your roll. Land exactly on 120 to bring a marker home.');
    const apart = large && o.board === 'annotated';
    out.push(apart ? { ...board, slots: (['grid', 'key'] as const).map((part) => ({ draw: (d: Draw, box: Box) => drawBoard(d, box, part) })) } : board);
  }
  if (o.printables.includes('rules')) {
    const rules = page('Rules', 'How to play Multiplication Ludo', drawRules);
    out.push(large ? { ...rules, slots: [0, 1].map((h) => ({ draw: (d: Draw, box: Box) => drawRules(d, box, h as 0 | 1) })) } : rules);
  }
  if (o.printables.includes('record')) {
    const record = page('Record sheet', 'Multiplication Ludo: game record', drawRecord);
    out.push({ ...record, slots: Array.from({ length: RECORD_PAGES }, (_, i) => ({ draw: (d: Draw, box: Box) => drawRecord(d, box, i) })) });
  }
  const slots = (w: Worksheet, answers: boolean): Slot[] =>
    items.map((it) => ({ label: String(it.number), code: it.code, draw: (d, box) => SHEETS[w].draw(d, box, it.model, answers) }));
  const halves = (w: Worksheet): Slot[] =>
    items.flatMap((it) => ([0, 1] as const).map((h) => ({ label: String(it.number), code: it.code, draw: (d: Draw, box: Box) => SHEETS[w].draw(d, box, it.model, false, h) })));
  for (const w of o.worksheets) {
    const pupils = large && SHEETS[w].halves ? halves(w) : slots(w, false);
    out.push({ title: SHEETS[w].title, template: 'worksheet', answers: false, grid: ONE, heading: SHEETS[w].title, instructions: SHEETS[w].instructions, labels: true, slots: pupils });
  }
  // The annotated board answers the worksheets (never landed on, dead ends): it is the teacher's.
  if (o.printables.includes('board') || o.worksheets.length) {
    out.push({ ...page("Teacher's board", "the teacher's board", drawBoard), answers: true, template: 'answers' });
  }
  for (const w of o.worksheets) {
    out.push({ title: `Answers: ${SHEETS[w].title}`, template: 'answers', answers: true, grid: ONE, heading: SHEETS[w].title, labels: true, slots: slots(w, true) });
  }
  return out;
}

function json(o: LudoOptions, items: Item<LudoModel>[]): unknown {
  return {
    kind: 'ludo',
    options: o,
    worksheets: items.map(({ number, code, model }) => ({ number, code, ...model })),
  };
}

export const ludo: Kind<LudoOptions, LudoModel> = {
  name: 'ludo',
  title: 'Multiplication Ludo',
  letter: 'L',
  defaultTitle: 'Multiplication Ludo',
  summary: 'Multiplication Ludo: the 120 board, rules, record sheet, worksheets with answers, and a game simulator',
  options,
  schema,
  defaultCount: 1,
  encode,
  decode,
  generate,
  check,
  // On every page's subtitle, so no strategy (program) names: the replay sheet says who plays how.
  describe: (o) => (o.worksheets.length === 0 ? 'game pages only' : `${o.worksheets.length} ${o.worksheets.length === 1 ? 'worksheet' : 'worksheets'}`),
  sections,
  json,
  subcommands: [simulateCommand],
};
