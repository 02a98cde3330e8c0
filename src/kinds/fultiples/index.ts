import type { Item, Kind, Section, SectionContext, Slot } from '../../core/kind.js';
import type { Box, Draw } from '../../pdf/draw.js';
import { check } from './check.js';
import { generate } from './generate.js';
import type { FultiplesModel } from './model.js';
import { decode, encode, options, schema, taskText, type FultiplesOptions } from './options.js';
import { boardSheet, gameSheet, rulesSheet } from './sheet.js';
import { drawAnswer, drawWorksheet, taskInstructions, taskTitle, worksheetBoardBox, worksheetPages } from './task-draw.js';
import { treesAPage } from './primes-draw.js';
import { boardGeometry } from './board-draw.js';
import { messages, wordsOf, type Messages } from '../../i18n/messages.js';
import { LABEL_H } from '../../layout/page.js';
import { LARGE_PRINT } from '../../pdf/print.js';
import { fail } from '../../core/errors.js';
import { possibleValues, validScalars } from './numbers.js';

/**
 * A slot for each board, or `pages` of them for a board whose sheet runs over several (`part` of them).
 * An answer from its code is not numbered: the code does not say which board of a set it was.
 */
function slots(items: Item<FultiplesModel>[], w: Messages, draw: (d: Draw, box: Box, m: FultiplesModel, part: number) => void, pages: (m: FultiplesModel) => number = () => 1, numbered = true): Slot[] {
  return items.flatMap((it) => Array.from({ length: pages(it.model) }, (_, part): Slot => ({ label: numbered ? w.t('fultiples.board', { n: it.number }) : '', code: it.code, draw: (d, box) => draw(d, box, it.model, part) })));
}

/**
 * Large print: a task worksheet whose board cannot have 16 pt numbers in its squares is refused
 * before any board is dealt (a 10x10 board on a booklet's half page printed its numbers over each
 * other).
 */
function checkLargeBoards(o: FultiplesOptions, ctx: SectionContext, w: Messages): void {
  if (!ctx.largePrint || !ctx.measure) return;
  const d = ctx.measure('worksheet');
  const grid = ctx.grid ?? { cols: 1, rows: 1 };
  // the widest number the options allow, as the board draws it (a prime times a multiplier)
  let widest = 0;
  for (const p of o.primes) for (let k = o.scalars[0]; k <= o.scalars[1]; k++) widest = Math.max(widest, d.textWidth(String(p * k), LARGE_PRINT.minText, 'bold'));
  const model = { board: Array.from({ length: o.rows }, () => Array.from({ length: o.cols }, () => 0)) } as unknown as FultiplesModel;
  for (const task of o.tasks) {
    if (task.type === 'primes') continue;
    const area = ctx.slotArea('worksheet', { instructions: taskInstructions(task, w), headline: taskTitle(task, w) });
    const slot = { x: 0, y: 0, w: area.w / grid.cols, h: area.h / grid.rows - LABEL_H };
    const g = boardGeometry(model, worksheetBoardBox(d, slot, task, o.cols, o.rows, w));
    // At 16 pt a number wider than its square (by more than its digits' side bearings, about a
    // twentieth of the size each side) is printed over its neighbours.
    if (widest > g.cw + LARGE_PRINT.minText * 0.1 || LARGE_PRINT.minText * 1.2 > g.ch) {
      fail(`large print: the numbers of a ${o.cols}x${o.rows} Fultiples board do not fit its squares in large print ${ctx.small ? "on a folded booklet's half page" : 'on a page'}; choose a smaller board${ctx.small ? ', print the booklet unfolded' : ''}, or leave out large print`);
    }
  }
}

function sections(o: FultiplesOptions, items: Item<FultiplesModel>[], ctx: SectionContext): Section[] {
  const one = { cols: 1, rows: 1 };
  const w = wordsOf(ctx);
  checkLargeBoards(o, ctx, w);
  const out: Section[] = [
    {
      title: w.t('fultiples.gameBoard'),
      template: 'sheet',
      answers: false,
      grid: one,
      heading: w.t('kind.fultiples.title'),
      labels: true,
      // Large print: rules at 16 pt leave no room for a board on the same page, so it gets its own
      // (two on a booklet's half page, where the example ran past the foot of the rules' page).
      slots: slots(items, w, (d, box, m) => (ctx.largePrint ? boardSheet : gameSheet)(d, box, m, w)),
    },
  ];
  if (ctx.largePrint) {
    out.push({ title: w.t('fultiples.howToPlay'), template: 'sheet', answers: false, grid: one, heading: w.t('fultiples.rulesHeading'), labels: false, slots: items.slice(0, 1).flatMap((it) => (ctx.small ? ([0, 1] as const) : [undefined]).map((part) => ({ draw: (d: Draw, box: Box) => rulesSheet(d, box, it.model, w, part) }))) });
  }
  // Instructions are the same for every board; `next` says its number inside each slot.
  const trees = treesAPage(ctx.largePrint, ctx.small);
  o.tasks.forEach((task, i) => {
    out.push({
      title: taskTitle(task, w),
      template: 'worksheet',
      answers: false,
      grid: ctx.grid ?? one,
      heading: taskTitle(task, w),
      instructions: taskInstructions(task, w),
      labels: true,
      slots: slots(items, w, (d, box, m, part) => drawWorksheet(d, box, m, m.tasks[i]!, w, part, trees), (m) => worksheetPages(m.tasks[i]!, trees)),
    });
  });
  o.tasks.forEach((task, i) => {
    const big = task.type === 'primes';
    out.push({
      title: w.t('fultiples.answersFor', { task: taskText(task) }),
      template: 'answers',
      answers: true,
      // Two keys a page once there are several boards; a single board gets the whole page.
      grid: ctx.grid ?? (big || items.length === 1 ? one : { cols: 1, rows: 2 }),
      // a class key: each pupil's board on half a page (squares of about 12 mm), beside the next answers
      ...(big ? {} : { packGrid: { cols: 1, rows: 2 } }),
      heading: taskTitle(task, w),
      labels: true,
      slots: slots(items, w, (d, box, m) => drawAnswer(d, box, m, m.tasks[i]!, w), undefined, !ctx.key),
    });
  });
  return out;
}

function json(_o: FultiplesOptions, items: Item<FultiplesModel>[]): unknown {
  return {
    kind: 'fultiples',
    puzzles: items.map(({ code, model: m }) => ({
      code,
      primes: m.primes,
      scalars: m.scalars,
      board: m.board,
      wild: m.wild,
      tasks: m.tasks,
    })),
  };
}

export const fultiples: Kind<FultiplesOptions, FultiplesModel> = {
  name: 'fultiples',
  title: 'Fultiples',
  letter: 'M',
  defaultTitle: 'Fultiples',
  summary: 'Fultiples game boards (factors and multiples, five in a row) with rules, worksheets and answer keys',
  options,
  schema,
  defaultCount: 1,
  countOf: 'boards',
  encode,
  decode,
  randomKey: (o) => encode({ ...o, tasks: [] }),
  generate,
  check,
  // What a teacher sees on the board: the biggest number it can hold, not the generator's multipliers.
  describe: (o, w = messages()) =>
    w.t('fultiples.describe', { cols: o.cols, rows: o.rows, primes: o.primes.join(', '), most: Math.max(...possibleValues(o.primes, validScalars(o.primes, o.scalars[0], o.scalars[1]), false)) }),
  sections,
  json,
};
