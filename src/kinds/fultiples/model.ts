/** [row, column], both from 0, row 0 at the top. */
export type Cell = [number, number];

export type TaskAnswer =
  | { type: 'multiples'; p: number; answer: Cell[] }
  | { type: 'both'; p: number; q: number; answer: Cell[] }
  | { type: 'primes'; numbers: number[]; answer: number[][] } // different board numbers, and the prime factors of each
  | { type: 'next'; n: number; cell: Cell; answer: Cell[] } // cell: the one shaded last
  | { type: 'chain'; k: number; answer: Cell[] };

export interface FultiplesModel {
  primes: number[];
  scalars: [number, number];
  wildChance: number;
  playable: boolean;
  board: number[][];
  wild: Cell[];
  tasks: TaskAnswer[];
}
