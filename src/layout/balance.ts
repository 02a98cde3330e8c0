import type { Grid } from '../core/kind.js';
import { fail, failOn } from '../core/errors.js';
import { MM, type Box } from '../pdf/draw.js';
import { LABEL_H, slotBoxes } from './page.js';

/** What the layout needs to know to keep a kind's puzzles readable at any grid. */
export interface Legibility {
  across: number; // squares across a puzzle
  down: number; // squares down
  clueShare: number; // clue or label text size as a share of a square's side, as the renderer draws it
  minCellMm?: number; // smallest square worth writing in (default 8 mm)
  what?: string; // "squares" by default
  minCluePt?: number; // smallest clue worth printing (default 7 pt; large print asks more)
  /** The most of a square a clue may take when large print's floor enlarges it (default clueShare). */
  floorShare?: number;
  /** Large print: the smallest square (pt) that holds the widest clue at the floor size, which cannot shrink. */
  minCellPt?: number;
  /**
   * What sets minCellPt when it is more than short clues need: one puzzle's long clue ("the box
   * 1296× of puzzle 5"), and the square short clues would need (`short`), to tell whether other
   * puzzles of the size would fit.
   */
  widest?: { what: string; short: number };
}

/** About 8 mm: a pencilled digit or line fits with room to spare. */
export const MIN_CELL_MM = 7.5;
/** A booklet is held in the hand and written in on the knee: its half pages take fewer, bigger puzzles. */
export const MIN_BOOKLET_CELL_MM = 8;
export const MIN_CLUE_PT = 7;
/** Answer keys are read, not written in: smaller squares still let a teacher check an answer. */
export const MIN_ANSWER_CELL_MM = 5;
export const MIN_ANSWER_CLUE_PT = 6;
const GAP = 14; // the templates' slot gap; the answer page's is a little smaller, so this errs on the safe side
const MOST = { cols: 4, rows: 6 }; // the densest grid ever considered

/** The side of one square (pt) when a puzzle is drawn in a slot of this grid. */
export function cellSize(area: Box, grid: Grid, l: Legibility): number {
  const slot = slotBoxes(area, grid, GAP)[0]!;
  return Math.min(slot.w / l.across, (slot.h - LABEL_H) / l.down);
}

export function legible(area: Box, grid: Grid, l: Legibility, minCellMm: number, minCluePt = MIN_CLUE_PT): boolean {
  const cell = cellSize(area, grid, l);
  return cell >= Math.max(minCellMm * MM, l.minCellPt ?? 0) - 1e-9 && cell * l.clueShare >= minCluePt - 1e-9;
}

/** Whether a worksheet grid keeps the kind's squares and clues readable. */
export function readable(area: Box, grid: Grid, l: Legibility): boolean {
  return legible(area, grid, l, l.minCellMm ?? MIN_CELL_MM, l.minCluePt);
}

/** Squares of 5 mm and 6 pt labels in a key: a teacher checks answers there, nobody writes in them. */
export function legibleAnswers(area: Box, grid: Grid, l: Legibility): boolean {
  return legible(area, grid, l, MIN_ANSWER_CELL_MM, MIN_ANSWER_CLUE_PT);
}

function grids(most: Grid): Grid[] {
  const out: Grid[] = [];
  for (let cols = 1; cols <= most.cols; cols++) for (let rows = 1; rows <= most.rows; rows++) out.push({ cols, rows });
  return out;
}

/**
 * A worksheet's grid from the kind's default and the number of puzzles: never denser than the
 * default, never with squares or clues too small (a default that would be gets fewer slots), the
 * fewest pages, and the fewest slots a page that still make that few, taking the biggest puzzles
 * among those: 4 puzzles do not sit in a 6-slot grid, and 8 print 4 and 4, not 6 and 2.
 */
export function balancedGrid(base: Grid, count: number, area: Box, l?: Legibility): Grid {
  return balancedGrids(base, count, area, l)[0] ?? base;
}

/**
 * balancedGrid's choices, best first: every grid as balanced as the best. `pages` counts a grid's
 * pages when its first page holds fewer (a worked example above the puzzles); by default all hold
 * a grid's worth.
 */
export function balancedGrids(base: Grid, count: number, area: Box, l?: Legibility, pages = (g: Grid) => Math.ceil(count / slots(g))): Grid[] {
  const all = readableGrids(base, area, l);
  const least = Math.min(...all.map(pages));
  const few = all.filter((g) => pages(g) === least);
  const fewest = Math.min(...few.map(slots));
  return ranked(few.filter((g) => slots(g) === fewest), area, l);
}

/** The grids no denser than `base` that keep the kind's squares and clues readable (one a page if none does). */
export function readableGrids(base: Grid, area: Box, l?: Legibility): Grid[] {
  const found = grids(base).filter((g) => !l || legible(area, g, l, l.minCellMm ?? MIN_CELL_MM, l.minCluePt));
  return found.length ? found : [{ cols: 1, rows: 1 }];
}

const slots = (g: Grid) => g.cols * g.rows;

/**
 * An answer key's grid: the fewest pages for all the answers, as dense as the kind's default or,
 * when the kind says how big its squares are, denser while squares stay 5 mm and clues 6 pt; the
 * kind's own grid if it makes no more pages, else the biggest answers among grids that do.
 */
export function answerGrid(base: Grid, count: number, area: Box, l?: Legibility): Grid {
  const pages = (g: Grid) => Math.ceil(count / (g.cols * g.rows));
  // With sizes known, every grid must keep answers legible, the kind's own too (on a booklet's half
  // page the kind's A4 grid would print 6 mm squares and 5 pt clues).
  const ok = (g: Grid) => (l ? legibleAnswers(area, g, l) : g.cols <= base.cols && g.rows <= base.rows);
  const found = grids(l ? { cols: Math.max(MOST.cols, base.cols), rows: Math.max(MOST.rows, base.rows) } : base).filter(ok);
  const fits = found.length ? found : [{ cols: 1, rows: 1 }];
  const least = Math.min(...fits.map(pages));
  // The kind's own grid when it makes that few pages: a class key packs answers at that size, and
  // answers blown up to fill one pupil's page would take a page per pupil there.
  const few = fits.filter((g) => pages(g) === least);
  if (few.some((g) => g.cols === base.cols && g.rows === base.rows)) return base;
  return best(few, area, l) ?? base;
}

/** The grid with the biggest puzzles (ranked's first). */
function best(candidates: Grid[], area: Box, l?: Legibility): Grid | undefined {
  return ranked(candidates, area, l)[0];
}

/** The grids with the biggest puzzles first; on a tie, the fewest slots (less blank paper), then more columns. */
export function ranked(candidates: Grid[], area: Box, l?: Legibility): Grid[] {
  const size = (g: Grid) => (l ? cellSize(area, g, l) : Math.min(area.w / g.cols, area.h / g.rows));
  return [...candidates].sort((a, b) => size(b) - size(a) || a.cols * a.rows - b.cols * b.rows || b.cols - a.cols);
}

/** Refuses a --layout whose squares or clues would be too small, naming a layout that works. */
export function checkLayout(grid: Grid, area: Box, l: Legibility): void {
  const min = l.minCellMm ?? MIN_CELL_MM;
  const minClue = l.minCluePt ?? MIN_CLUE_PT;
  if (legible(area, grid, l, min, minClue)) return;
  const cell = cellSize(area, grid, l);
  const ok = grids(MOST).filter((g) => legible(area, g, l, min, minClue));
  const most = Math.max(0, ...ok.map((g) => g.cols * g.rows));
  const suggest = best(ok.filter((g) => g.cols * g.rows === most), area, l);
  const what = l.what ?? 'squares';
  // in a teacher's words: what goes wrong on paper and what to change (no point sizes)
  const narrow = cell < Math.max(min * MM, l.minCellPt ?? 0) - 1e-9;
  const tiny = cell * l.clueShare < minClue - 1e-9;
  const why = narrow
    ? `the ${what} would be ${(cell / MM).toFixed(1)} mm wide, too small to ${tiny ? 'read and write in' : 'write in'}`
    : `the numbers in the ${what} would be too small to read`;
  const fix = suggest ? `Use --layout ${suggest.cols}x${suggest.rows} (${most} a page) or fewer, or a smaller puzzle` : 'Use a smaller puzzle';
  failOn('--layout', `${grid.cols}x${grid.rows} is too many for ${l.across}x${l.down} puzzles: ${why}. ${fix}`);
}
