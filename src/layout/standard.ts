import type { Grid, Item, Lead, Section, SectionContext, Slot } from '../core/kind.js';
import type { Box, Draw } from '../pdf/draw.js';
import { answerGrid, balancedGrids, cellSize, ranked, readableGrids, checkLayout, legible, legibleAnswers, MIN_BOOKLET_CELL_MM, MIN_CELL_MM, readable, type Legibility } from './balance.js';
import { fail, aOrAn } from '../core/errors.js';
import { exampleLead, type ExampleStep } from './example.js';
import { drawingWidth, leadAndSlots, slotBoxes } from './page.js';
import { wordsOf } from '../i18n/messages.js';
import { LARGE_PRINT } from '../pdf/print.js';
import { Recent } from '../pdf/recent.js';

export interface PuzzleSectionsArgs<M> {
  items: Item<M>[];
  ctx: SectionContext;
  grid: Grid; // default puzzles per page when the user gave no --layout
  answerGrid: Grid; // answers are smaller, so more per page
  instructions: string; // for pupils: short sentences, the rules of the puzzle
  heading?: string;
  puzzle(d: Draw, box: Box, model: M): void;
  answer(d: Draw, box: Box, model: M): void;
  /** How big the puzzle's squares and clues are, so pages are balanced and --layout stays readable. */
  legibility?: Legibility;
  /** The cells each answer takes in a class's packed key (Section.packGrid); else the answer grid's. */
  packGrid?: Grid;
  /** A worked example of a small puzzle for the top of the first page ("How to start"), `squares` across. */
  example?: { title: string; steps: ExampleStep[]; squares: number };
}

/**
 * The usual pair of sections: a worksheet of puzzles, then an answer key with the same numbers
 * and codes. Kinds with other pages (boards, cards, rules) build their own sections.
 */
export function puzzleSections<M>(a: PuzzleSectionsArgs<M>): Section[] {
  const count = a.items.length;
  const m = wordsOf(a.ctx);
  // The page's own heading when the kind names one; else the run's title, which the context knows.
  const headline = a.heading ? { headline: a.heading } : {};
  let sheet = a.ctx.slotArea('worksheet', { instructions: a.instructions, ...headline });
  const key = a.ctx.slotArea('answers', headline);
  // Large print: clues as big as the text (16 pt once enlarged), so grids grow and fewer fit a page.
  // Answer keys are the teacher's, in normal print.
  const l = a.legibility;
  const large = a.ctx.largePrint && l ? { ...l, clueShare: l.floorShare ?? l.clueShare, minCluePt: LARGE_PRINT.minText } : l;
  // A booklet's half page keeps squares big enough to write in (in the laid-out page's units: large
  // print draws them enlarged).
  const bookletMm = MIN_BOOKLET_CELL_MM / (a.ctx.largePrint ? LARGE_PRINT.scale : 1);
  const pupils = large && a.ctx.small ? { ...large, minCellMm: Math.max(large.minCellMm ?? MIN_CELL_MM, bookletMm) } : large;
  // Large print's rules at 16 pt can take half a booklet's page (more in French or German): when
  // they leave no room for even one puzzle, they get the section's first page to themselves.
  let rules: Omit<Lead, 'rows'> | undefined;
  if (a.ctx.largePrint && pupils && !readable(sheet, { cols: 1, rows: 1 }, pupils)) {
    const bare = a.ctx.slotArea('worksheet', { instructions: '', ...headline });
    if (!readable(bare, { cols: 1, rows: 1 }, pupils)) {
      const what = `${aOrAn(String(pupils.across))} ${pupils.across}x${pupils.down} puzzle`;
      // one long clue of these puzzles may be what does not fit: other puzzles of the size may
      if (pupils.widest && readable(bare, { cols: 1, rows: 1 }, { ...pupils, minCellPt: pupils.widest.short })) {
        fail(`large print: ${pupils.widest.what} is too wide for the squares of ${what} ${a.ctx.small ? "on a booklet's half page" : 'on a page'} in large print; make other puzzles (another --seed), choose a smaller size, or leave out large print`);
      }
      fail(
        a.ctx.small
          ? `large print: ${what} does not fit on a booklet's half page with its numbers in large print; choose a smaller size, print the booklet unfolded, or leave out large print`
          : `large print: ${what} does not fit on a page with its numbers in large print, even alone; choose a smaller size, or leave out large print`,
      );
    }
    sheet = bare;
    rules = rulesLead(a.instructions);
  }
  if (a.ctx.grid && pupils) checkLayout(a.ctx.grid, sheet, pupils);
  // Large print leaves the example out: its pictures and words would not fit at 16 pt above the puzzles.
  const example = a.example && !a.ctx.largePrint ? a.example : undefined;
  const band = example && exampleLead(example.title, example.steps, sheet);
  // The example's page may take a grid of its own (firstGrid): the grid is chosen for all the pages,
  // the example's page with the rest.
  const { grid, top } = gridsFor(a.grid, count, sheet, pupils, band?.height, a.ctx.grid);
  // the rules take every row of the first page
  const alone = rules && { ...rules, rows: grid.rows };
  // The key is in normal print, so large print's bigger squares (minCellPt) do not apply to it.
  const teacher = l && { ...l, minCellPt: undefined };
  const led = example && exampleFor(example, sheet, top, pupils);
  const lead = led && (top === grid ? led : { ...led, grid: top });
  // Worksheet and key share numbers and codes; only the drawing differs.
  const slots = (draw: (d: Draw, box: Box, model: M) => void, width?: number): Slot[] =>
    a.items.map((it) => ({
      // an answer from its code is not numbered: the code does not say which puzzle of the set it was
      // (every answer said 1, beside the pupil's puzzle 5)
      label: a.ctx.key ? '' : String(it.number),
      code: it.code,
      ...(l ? { ratio: l.down / l.across } : {}),
      ...(width ? { width } : {}),
      draw: (d, box) => draw(d, box, it.model),
    }));
  // The example leaves the puzzles under it less room: the later pages draw theirs no bigger, so a
  // set's puzzles are one size on every page (a teacher saw 6x6 grids grow on page 2).
  const width = l && lead && oneSize(sheet, grid, lead, l.down / l.across);
  return [
    {
      title: m.t('section.puzzles'),
      template: 'worksheet',
      answers: false,
      grid,
      heading: a.heading,
      instructions: alone ? '' : a.instructions,
      labels: true,
      slots: slots(a.puzzle, width),
      ...(alone ? { lead: alone } : lead ? { lead } : {}),
    },
    {
      title: m.t('section.answerKey'),
      template: 'answers',
      answers: true,
      // an answer from its code is laid out as asked: one answer, not a quarter of a page of four
      grid: a.ctx.key && a.ctx.grid ? a.ctx.grid : keyGrid(a.ctx.grid, a.answerGrid, count, key, teacher),
      heading: a.heading,
      labels: true,
      slots: slots(a.answer),
      ...(a.packGrid ? { packGrid: a.packGrid } : {}),
    },
  ];
}

/**
 * Grids chosen before, by what they were chosen from: every pupil of a batch has the same
 * worksheets, and each weighed the same grids again (~0.7 ms a pupil of the README plan).
 */
const chosen = new Recent<{ grid: Grid; top: Grid | null }>(100);

/**
 * The worksheet's grid and its first page's (under a worked example `band` points high, which may
 * take a grid of its own: see firstGrid). `user`: the grid the user asked for.
 */
function gridsFor(base: Grid, count: number, sheet: Box, pupils: Legibility | undefined, band: number | undefined, user: Grid | undefined): { grid: Grid; top: Grid } {
  const key = JSON.stringify([base, count, sheet, pupils ?? null, band ?? null, user ?? null]);
  const known = chosen.get(key);
  if (known) {
    const grid = { ...known.grid };
    return { grid, top: known.top ? { ...known.top } : grid };
  }
  const lead = band === undefined ? undefined : { height: band, draw() {} };
  const pool = readableGrids(base, sheet, pupils);
  const firstOf = (g: Grid) => (lead ? firstGrid(lead, g, pool, count, sheet, pupils) : g);
  const pages = lead && ((g: Grid) => sheetPages(count, g, firstOf(g), leadFor(lead, sheet, firstOf(g), pupils).rows));
  const grid = user ?? balancedGrids(base, count, sheet, pupils, pages || undefined)[0] ?? base;
  const top = user ? grid : firstOf(grid);
  chosen.set(key, { grid: { ...grid }, top: top === grid ? null : { ...top } });
  return { grid, top };
}

/** A worksheet's rules drawn where its puzzles would go, as the template prints them above the puzzles. */
function rulesLead(text: string): Omit<Lead, 'rows'> {
  return {
    height: 0,
    draw(d: Draw, box: Box, rtl = false): void {
      d.tag('P', () => d.paragraph(text, box.x, box.y, box.w, { size: 11, align: rtl ? 'right' : 'left' }));
    },
  };
}

/**
 * The example's lead, its pictures' squares no bigger than the puzzles' on that page: a lead given a
 * whole row of slots would otherwise grow its pictures to fill it, bigger than a 9x9 below.
 */
function exampleFor(ex: NonNullable<PuzzleSectionsArgs<unknown>['example']>, area: Box, grid: Grid, l?: Legibility): Lead {
  let most = Infinity;
  let lead = leadFor(exampleLead(ex.title, ex.steps, area), area, grid, l);
  // A smaller band may leave the puzzles room below it, and smaller squares: settle in a few rounds.
  for (let round = 0; round < 3 && l; round++) {
    const below = lead.rows ? area : { ...area, y: area.y + lead.height + SLOT_GAP, h: area.h - lead.height - SLOT_GAP };
    const cap = ex.squares * cellSize(below, grid, l);
    if (cap >= most) break;
    most = cap;
    lead = leadFor(exampleLead(ex.title, ex.steps, area, most), area, grid, l);
  }
  return lead;
}

/** The width of the first page's puzzles under its lead when the later pages would draw theirs wider. */
function oneSize(area: Box, grid: Grid, lead: Lead, ratio: number): number | undefined {
  const first = leadAndSlots(area, lead.grid ?? grid, SLOT_GAP, lead).boxes[0];
  const rest = slotBoxes(area, grid, SLOT_GAP)[0]!;
  if (!first) return undefined;
  const w = drawingWidth(first, ratio);
  return w < drawingWidth(rest, ratio) - 0.01 ? w : undefined;
}

/** Worksheet pages for `count` puzzles in grid `g` when the first page has grid `first` and a lead takes `rows` rows of it. */
function sheetPages(count: number, g: Grid, first: Grid, rows: number): number {
  return 1 + Math.ceil(Math.max(0, count - (first.cols * first.rows - rows * first.cols)) / (g.cols * g.rows));
}

/**
 * The example's page: the grid `rest` of the pages after it, unless the example would take a row of
 * its slots and so add a page, and a grid as balanced (as many puzzles a page, or the same turned on
 * its side if still readable) leaves it room above the puzzles: two 9x9 side by side under it, not
 * one there and one on a page alone. The pages after it keep `rest` (two 9x9 stacked, bigger).
 */
function firstGrid(band: Omit<Lead, 'rows'>, rest: Grid, pool: Grid[], count: number, area: Box, l?: Legibility): Grid {
  const same = ranked(pool.filter((g) => g.cols * g.rows === rest.cols * rest.rows), area, l);
  const turned = same.map((g) => ({ cols: g.rows, rows: g.cols })).filter((g) => !l || readable(area, g, l));
  const pages = (g: Grid) => sheetPages(count, rest, g, leadFor(band, area, g, l).rows);
  const roomy = [...same, ...turned].find((g) => leadFor(band, area, g, l).rows === 0);
  return roomy && pages(roomy) < pages(rest) ? roomy : rest;
}

/**
 * The key of a worksheet the user laid out: one more row and column than theirs if still readable,
 * or the kind's own key where that takes fewer pages (--layout 1x2 of 9x9 puzzles: 4 answers a page,
 * not 2). --layout is about the pupils' pages; the teacher's key needs no more paper for it.
 */
function keyGrid(user: Grid | undefined, base: Grid, count: number, area: Box, l?: Legibility): Grid {
  const own = answerGrid(base, count, area, l);
  if (!user) return own;
  const denser = { cols: user.cols + 1, rows: user.rows + 1 };
  const mine = !l || legibleAnswers(area, denser, l) ? denser : user;
  const pages = (g: Grid) => Math.ceil(count / (g.cols * g.rows));
  return pages(own) < pages(mine) ? own : mine;
}

const SLOT_GAP = 14; // the worksheet template's slot gap

/**
 * How much of the first page a lead takes: only its own height when the puzzles below it stay
 * readable in the same grid, else as many rows of slots as it needs (the puzzles keep their size).
 * The grid itself never changes, so the pages stay balanced as they were.
 */
function leadFor(band: Omit<Lead, 'rows'>, area: Box, grid: Grid, l?: Legibility): Lead {
  const below = { ...area, y: area.y + band.height + SLOT_GAP, h: area.h - band.height - SLOT_GAP };
  if (below.h > 0 && (!l || legible(below, grid, l, l.minCellMm ?? MIN_CELL_MM))) return { ...band, rows: 0 };
  const boxes = slotBoxes(area, grid, SLOT_GAP);
  let rows = 1;
  while (rows < grid.rows && boxes[rows * grid.cols]!.y - SLOT_GAP - area.y < band.height) rows++;
  return { ...band, rows };
}
