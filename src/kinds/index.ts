import type { Kind } from '../core/kind.js';
import { calcudoku } from './calcudoku/index.js';
import { flow } from './flow/index.js';
import { dobble } from './dobble/index.js';
import { spotMatch } from './spotmatch/index.js';
import { fultiples } from './fultiples/index.js';
import { ludo } from './ludo/index.js';

/** Every puzzle kind, in the order `puzzlepress list` shows them. */
export const KINDS: Kind[] = [calcudoku, flow, dobble, spotMatch, fultiples, ludo];

export function findKind(name: string): Kind | undefined {
  return KINDS.find((k) => k.name === name);
}

export function findKindByLetter(letter: string): Kind | undefined {
  return KINDS.find((k) => k.letter === letter.toUpperCase());
}
