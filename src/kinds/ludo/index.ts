import type { Item, Kind, Section, SectionContext, Slot } from '../../core/kind.js';
import type { Box, Draw } from '../../pdf/draw.js';
import { check } from './check.js';
import { generate } from './generate.js';
import type { LudoModel } from './model.js';
import { decode, encode, options, schema, type LudoOptions, type Worksheet } from './options.js';
import { simulateCommand } from './simulate.js';
import { drawBoard, drawPlainBoard } from './draw-board.js';
import { drawRecord, drawRules, RECORD_PAGES, RECORD_PAGES_LARGE } from './draw-pages.js';
import { drawLanding, drawNever, drawReplay, drawWays, replayParts } from './draw-sheets.js';
import { kindTitle, messages, wordsOf, type Messages } from '../../i18n/messages.js';
import { fail } from '../../core/errors.js';

const ONE = { cols: 1, rows: 1 };

/** A game page (board, rules, record): its heading names the game, so no line under it. */
function page(title: string, heading: string, draw: (d: Draw, box: Box) => void, instructions?: string): Section {
  return { title, template: 'sheet', answers: false, grid: ONE, heading, instructions, subtitle: '', labels: false, slots: [{ draw }] };
}

interface SheetSpec {
  /** `part`: with `halves`, large print draws the sheet over pages, one part each. */
  draw(d: Draw, box: Box, m: LudoModel, answers: boolean, w: Messages, part?: number, small?: boolean): void;
  halves?: boolean;
  /** Pages a split sheet takes (two without it), in large print or on a booklet's half page (small). */
  parts?: (large: boolean, small: boolean) => number;
  /** The pupils' sheet in halves in normal print too: its table's rows must be tall enough to write in. */
  split?: boolean;
  /** Too tall for a booklet's half page (its rows keep their height): drawn in halves there, pupils' sheet and key. */
  tall?: boolean;
}

/** Each worksheet's drawing; its title and instructions are the messages ludo.sheet.<name>.title and .do. */
const SHEETS: Record<Worksheet, SheetSpec> = {
  landing: { draw: (d, box, m, a, w) => drawLanding(d, box, m.landing!, a, w) },
  ways: { draw: (d, box, m, a, w, half) => drawWays(d, box, m.ways!, a, w, half as 0 | 1 | undefined), halves: true, tall: true },
  never: { draw: (d, box, m, a, w, half) => drawNever(d, box, m.never!, a, w, half as 0 | 1 | undefined), halves: true },
  replay: { draw: (d, box, m, a, w, part, small) => drawReplay(d, box, m.replay!, a, w, part, small), halves: true, split: true, parts: replayParts },
};

function sections(o: LudoOptions, items: Item<LudoModel>[], ctx: SectionContext): Section[] {
  const w = wordsOf(ctx);
  const title = (s: Worksheet) => w.t(`ludo.sheet.${s}.title`);
  // Large print: 16 pt text needs two pages for the rules and for the longer worksheets.
  const large = !!ctx.largePrint;
  // Its rules, record tables and worksheets at 16 pt need a whole page each: on a booklet's half
  // page they ran into the footer and past the page, so the teacher is told rather than given them.
  if (large && ctx.small) fail("large print: Multiplication Ludo's rules and tables do not fit a folded booklet's half pages; print the booklet unfolded, or leave out large print");
  const out: Section[] = [];
  // The annotated board and its key on pages of their own: large print's 16 pt key, or a booklet's
  // half page, where the key at the grid's width leaves the grid no room (A5: 457 pt for both).
  const apart = (s: Section): Section => ({ ...s, slots: (['grid', 'key'] as const).map((part) => ({ draw: (d: Draw, box: Box) => drawBoard(d, box, w, part) })) });
  if (o.printables.includes('board')) {
    const draw = o.board === 'annotated' ? (d: Draw, box: Box) => drawBoard(d, box, w) : (d: Draw, box: Box) => drawPlainBoard(d, box, w);
    const board = page(w.t('ludo.page.board'), w.t('ludo.page.boardHeading'), draw, w.t('ludo.page.boardDo'));
    out.push((large || ctx.small) && o.board === 'annotated' ? apart(board) : board);
  }
  if (o.printables.includes('rules')) {
    const rules = page(w.t('ludo.page.rules'), w.t('ludo.page.rulesHeading'), (d, box) => drawRules(d, box, w));
    out.push(large ? { ...rules, slots: [0, 1].map((h) => ({ draw: (d: Draw, box: Box) => drawRules(d, box, w, h as 0 | 1) })) } : rules);
  }
  if (o.printables.includes('record')) {
    const record = page(w.t('ludo.page.record'), w.t('ludo.page.recordHeading'), (d, box) => drawRecord(d, box, 0, w));
    out.push({ ...record, slots: Array.from({ length: large ? RECORD_PAGES_LARGE : RECORD_PAGES }, (_, i) => ({ draw: (d: Draw, box: Box) => drawRecord(d, box, i, w) })) });
  }
  // A sheet's questions are numbered 1, 2, ...: no set number above them. Nor its code, which the
  // footer prints right below (the key printed it twice on each page).
  const slots = (s: Worksheet, answers: boolean): Slot[] =>
    items.map((it) => ({ code: it.code, draw: (d, box) => SHEETS[s].draw(d, box, it.model, answers, w) }));
  // the teacher's key is never in large print: it takes two parts where the pupils' sheet may take more
  const halves = (s: Worksheet, answers = false): Slot[] =>
    items.flatMap((it) =>
      Array.from({ length: SHEETS[s].parts?.(large && !answers, !!ctx.small) ?? 2 }, (_, h) => ({ code: it.code, draw: (d: Draw, box: Box) => SHEETS[s].draw(d, box, it.model, answers, w, h, !!ctx.small) })),
    );
  for (const s of o.worksheets) {
    const pupils = (large && SHEETS[s].halves) || SHEETS[s].split || (ctx.small && SHEETS[s].tall) ? halves(s) : slots(s, false);
    // under the sheet's heading, the game it is about (not the summary of the whole printout)
    out.push({ title: title(s), template: 'worksheet', answers: false, grid: ONE, heading: title(s), subtitle: kindTitle(w, ludo), instructions: w.t(`ludo.sheet.${s}.do`, { r: w.t('ludo.redLetter'), b: w.t('ludo.blueLetter') }), labels: false, slots: pupils });
  }
  // The annotated board answers the worksheets (never landed on, dead ends): it is the teacher's.
  if (o.printables.includes('board') || o.worksheets.length) {
    // the teacher's pages keep the printout's summary under their headings; the board is the same
    // whatever the rolls asked, so a class's key needs it once
    const teacher: Section = { ...page(w.t('ludo.page.teacherBoard'), w.t('ludo.page.teacherBoardHeading'), (d, box) => drawBoard(d, box, w)), answers: true, template: 'answers', subtitle: undefined, shared: true };
    out.push(ctx.small ? apart(teacher) : teacher);
  }
  for (const s of o.worksheets) {
    // A booklet's half page has no room for the whole key under the table: its rows came out 3 pt tall.
    const key = (SHEETS[s].split || SHEETS[s].tall) && ctx.small ? halves(s, true) : slots(s, true);
    out.push({ title: w.t('ludo.answersFor', { title: title(s) }), template: 'answers', answers: true, grid: ONE, heading: title(s), labels: false, slots: key });
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
  ownLayout: true, // board, rules, record sheet and worksheets: one each a page
  title: 'Multiplication Ludo',
  letter: 'L',
  defaultTitle: 'Multiplication Ludo',
  summary: 'Multiplication Ludo: the 120 board, rules, record sheet, and worksheets with answers',
  options,
  schema,
  defaultCount: 1,
  countOf: 'sets of worksheets',
  encode,
  decode,
  generate,
  check,
  // What the printout holds: its contents line and the teacher's pages' subtitle (a pupil's page says
  // which game it is about instead). No strategy (program) names: the replay sheet says who plays how.
  describe: (o, w = messages()) => {
    if (o.worksheets.length === 0) return w.t('ludo.gamePagesOnly');
    const worksheets = w.t('batch.worksheets', { n: o.worksheets.length });
    return o.printables.length ? w.t('ludo.gameAndWorksheets', { worksheets }) : worksheets;
  },
  sections,
  json,
  subcommands: [simulateCommand],
};
