import type { Clues } from './model.js';
import { searchSolutions } from './search.js';
import { countSolutions, type Count } from './solver.js';

/** How much work one count may take: frontier states for the DP, nodes for the search. */
export interface Effort {
  states: number;
  nodes: number;
  /** Probe every link at the root first (see Search.run); default true. */
  probe?: boolean;
}

/** Past this shorter side the DP's frontier rarely stays small enough to be worth a try. */
const DP_SIDE = 12;

/**
 * Counts solutions (up to two) with whichever exact solver suits the puzzle. The search is far
 * quicker on grids with many short lines, the DP on narrow grids with few long lines, where the
 * search's propagation has little to hold on to; the DP only runs if the search gave up.
 */
export function count(clues: Clues, known: Uint8Array | undefined, effort: Effort): Count {
  const res = searchSolutions(clues, known, effort.nodes, effort.probe ?? true);
  if (!res.gaveUp || Math.min(clues.width, clues.height) > DP_SIDE) return res;
  return countSolutions(clues, known, effort.states);
}
