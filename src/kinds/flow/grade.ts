import type { Clues } from './model.js';
import { Search } from './search.js';

/**
 * How a person would get on: 0 = forced moves alone finish it, 1 = also needs trying one link
 * and seeing it fail at once, 2 = needs more than that (see Search.grade).
 */
export function grade(clues: Clues): number {
  return new Search(clues, undefined, 0).grade();
}
