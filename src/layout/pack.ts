import type { Grid } from '../core/kind.js';
import type { Box } from '../pdf/draw.js';
import { LABEL_H } from './page.js';

/**
 * The packed answer key of a class: blocks (one pupil's answers to one worksheet, headed by the
 * pupil and the codes) stacked down the page in reading order, a new page only when the next block
 * does not fit. A block is never split; a worksheet too long for one page becomes several blocks.
 */

/** The heading line of a block and the space under it. */
export const BLOCK_HEAD = 22;
/** Between blocks, and between the answers in a block (as the answers page's slots gap). */
export const BLOCK_GAP = 12;

export interface PackedCell {
  cols: number;
  w: number;
  h: number; // with the number and code above the answer
}

/**
 * The size of one answer in a block. Answers small enough to be printed three or more across keep
 * their shape and gain one more column (as a key laid out by hand would); they are square drawings,
 * so their height is capped a little above their width. Larger answers keep their size. No answer
 * is taller than a page less one heading, so every block fits on a page.
 */
export function packedCell(grid: Grid, area: Box, exact = false): PackedCell {
  const gap = BLOCK_GAP;
  const w0 = (area.w - gap * (grid.cols - 1)) / grid.cols;
  const h0 = (area.h - gap * (grid.rows - 1)) / grid.rows;
  // a kind's own packing grid (Section.packGrid) is taken as it is
  const cols = grid.cols >= 3 && !exact ? grid.cols + 1 : grid.cols;
  const w = (area.w - gap * (cols - 1)) / cols;
  let h = (h0 * w) / w0;
  if (cols > grid.cols) h = Math.min(h, w + LABEL_H + 4);
  return { cols, w, h: Math.min(h, area.h - BLOCK_HEAD) };
}

/** How many rows of answers one block may hold: as many as fit on an empty page. */
export function rowsPerBlock(cell: PackedCell, area: Box): number {
  return Math.max(1, Math.floor((area.h - BLOCK_HEAD + BLOCK_GAP) / (cell.h + BLOCK_GAP)));
}

export function blockHeight(cell: PackedCell, answers: number): number {
  const rows = Math.ceil(answers / cell.cols);
  return BLOCK_HEAD + rows * cell.h + (rows - 1) * BLOCK_GAP;
}

/** Places blocks in reading order: each below the last, or at the top of a new page. */
export class Packer {
  page = -1; // the page of the last block placed (0-based); -1 before the first
  private y = 0;

  constructor(private areaHeight: number) {}

  /** Where a block of height `h` goes: its page and its top, measured from the top of the area. */
  place(h: number): { page: number; y: number; newPage: boolean } {
    const below = this.page < 0 ? Infinity : this.y + (this.y > 0 ? BLOCK_GAP : 0);
    if (below + h > this.areaHeight + 0.01) {
      this.page++;
      this.y = h;
      return { page: this.page, y: 0, newPage: true };
    }
    this.y = below + h;
    return { page: this.page, y: below, newPage: false };
  }

  get pages(): number {
    return this.page + 1;
  }
}
