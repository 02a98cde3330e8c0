import type { Box } from './draw.js';

/**
 * Large print, for pupils with low vision: every page is laid out on a smaller page and drawn
 * enlarged by `scale` onto the real paper, like a photocopier's enlargement, so grids, numbers and
 * lines grow together and fewer puzzles fit a page. Body text (11 pt) comes out at 16 pt; no text
 * is drawn below `minText` (16 pt once enlarged) and no line thinner than `minLine` (1.1 pt).
 */
export const LARGE_PRINT = { scale: 16 / 11, minText: 11, minLine: 0.75 } as const;

/** A box in the enlarged page's own units: the paper's box shrunk by the scale. */
export function scaledBox(box: Box, scale: number): Box {
  return { x: box.x / scale, y: box.y / scale, w: box.w / scale, h: box.h / scale };
}
