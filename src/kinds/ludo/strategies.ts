import type { Rng } from '../../core/rng.js';
import { fail } from '../../core/errors.js';
import * as rules from './rules.js';
import { penultimateSquares, onPathSquares } from './rules.js';
import { expectedTurnsTable } from './expect.js';

// Local copies: module bindings cost a lookup per use under test runners' transforms, and these loops are hot.
const GOAL = rules.GOAL;
const MARKERS = rules.MARKERS;
const START = rules.START;

/**
 * A player's brain: given the board (markers of player p at pos[p*4 .. p*4+3], 120 = retired),
 * whose turn it is and the roll (2-6), return which of its own markers (0-3) to move. It must
 * pick a marker that is still in play. Strategies may draw on the rng for ties and random play.
 */
export interface Strategy {
  name: string;
  description: string;
  choose(pos: Int32Array, me: number, roll: number, rng: Rng): number;
}

const PENULTIMATE_OR_GOAL = new Uint8Array(GOAL + 1);
for (const s of [...penultimateSquares(), GOAL]) PENULTIMATE_OR_GOAL[s] = 1;
const ON_PATH = new Uint8Array(GOAL + 1);
for (const s of onPathSquares()) ON_PATH[s] = 1;

/** Auto120's rank of a landing square before bumps are considered: 0 = A, 1 = B, 3 = D. */
const RANK = new Uint8Array(GOAL + 1).fill(3);
for (let s = 1; s <= GOAL; s++) RANK[s] = PENULTIMATE_OR_GOAL[s] ? 0 : ON_PATH[s] ? 1 : 3;

/** Why a move is attractive to Auto120, as the letter of the first rule it satisfies. */
export type Rule = 'A' | 'B' | 'C' | 'D';

export function classifyMove(pos: Int32Array, me: number, marker: number, roll: number): Rule {
  const to = pos[me * MARKERS + marker]! * roll;
  if (to <= GOAL && PENULTIMATE_OR_GOAL[to]) return 'A';
  if (to <= GOAL && ON_PATH[to]) return 'B';
  if (to < GOAL) {
    const opp = (1 - me) * MARKERS;
    for (let k = 0; k < MARKERS; k++) if (pos[opp + k] === to) return 'C';
  }
  return 'D';
}

// A small reusable buffer: strategies run millions of times and must not allocate.
const candidates = new Int32Array(MARKERS);

function pickAmong(n: number, rng: Rng): number {
  return n === 1 ? candidates[0]! : candidates[rng.int(0, n - 1)]!;
}

export const randomStrategy: Strategy = {
  name: 'random',
  description: 'moves any marker still in play, chosen at random',
  choose(pos, me, _roll, rng) {
    const base = me * MARKERS;
    let n = 0;
    for (let m = 0; m < MARKERS; m++) if (pos[base + m] !== GOAL) candidates[n++] = m;
    return pickAmong(n, rng);
  },
};

/**
 * The classic Auto120 order, each rule tried only when the ones before it offer no marker:
 * A) land on a penultimate square (20, 24, 30, 40, 60) or on 120; B) land on a divisor of 120;
 * C) bump an opponent; D) a marker that does not overshoot; if every marker would overshoot, any
 * marker. Ties inside a rule are broken at random, as "a random marker" in D suggests.
 *
 * With `keep`, rule D also leaves markers on penultimate squares alone, and when that leaves no
 * marker it picks any marker at random, overshooting or not. That is what the original Auto120
 * program (Java, by the Lloyd family) sets out to do in D, and it is the reading that reproduces
 * the 87.6% and 157 rolls; it breaks the wording of D about once in 150 moves
 * (an overshoot although a penultimate marker could have moved), so it is offered beside auto120.
 */
function auto120Choose(keep: boolean): Strategy['choose'] {
  return (pos, me, roll, rng) => {
    // One pass: rank each marker's move by the first rule it satisfies, keep the best rank's markers.
    const base = me * MARKERS;
    const opp = (1 - me) * MARKERS;
    let best = 5;
    let n = 0;
    for (let m = 0; m < MARKERS; m++) {
      const from = pos[base + m]!;
      if (from === GOAL) continue;
      const to = from * roll;
      let rank = to > GOAL ? 4 : RANK[to]!;
      if (rank === 3 && hasMarkerAt(pos, opp, to)) rank = 2;
      // Rank 4 is the last resort; with no rank 3 left, every open marker is a rank-4 candidate.
      if (rank === 3 && keep && PENULTIMATE_OR_GOAL[from]) rank = 4;
      if (rank < best) {
        best = rank;
        n = 0;
      }
      if (rank === best) candidates[n++] = m;
    }
    return pickAmong(n, rng);
  };
}

export const auto120Strategy: Strategy = {
  name: 'auto120',
  description: 'the classic Auto120 order: A penultimate or 120, B divisor of 120, C bump, D no overshoot',
  choose: auto120Choose(false),
};

export const auto120KeepStrategy: Strategy = {
  name: 'auto120-keep',
  description: 'Auto120 as its original program means D: never move a marker off a penultimate square or past 120 while another can go; else any marker',
  choose: auto120Choose(true),
};

function hasMarkerAt(pos: Int32Array, base: number, square: number): boolean {
  for (let k = 0; k < MARKERS; k++) if (pos[base + k] === square) return true;
  return false;
}

const EXPECTED = expectedTurnsTable();
EXPECTED[GOAL] = 0;

/**
 * Our own: move the marker that most lowers (own expected turns to finish) minus (opponent's),
 * using the exact one-marker expectation of every square. Bumping is worth exactly the turns it
 * costs the opponent, and a dead end is priced as the detour back to 1 that it really is.
 */
export const expectedStrategy: Strategy = {
  name: 'expected',
  description: 'minimises own expected turns to finish minus the opponent\'s (exact one-marker values)',
  choose(pos, me, roll, rng) {
    const base = me * MARKERS;
    const opp = (1 - me) * MARKERS;
    let best = Infinity;
    let n = 0;
    for (let m = 0; m < MARKERS; m++) {
      const from = pos[base + m]!;
      if (from === GOAL) continue;
      const product = from * roll;
      const to = product > GOAL ? START : product;
      let score = EXPECTED[to]! - EXPECTED[from]!;
      if (product < GOAL) {
        for (let k = 0; k < MARKERS; k++) if (pos[opp + k] === to) score -= EXPECTED[START]! - EXPECTED[to]!;
      }
      if (score < best - 1e-9) {
        best = score;
        n = 0;
      }
      if (score <= best + 1e-9) candidates[n++] = m;
    }
    return pickAmong(n, rng);
  },
};

// Append only: worksheet codes store a player as its index in this list.
export const STRATEGIES: readonly Strategy[] = [randomStrategy, auto120Strategy, expectedStrategy, auto120KeepStrategy];

export function strategyByName(name: string): Strategy {
  const s = STRATEGIES.find((x) => x.name === name.trim().toLowerCase());
  if (!s) fail(`unknown Ludo player "${name}": use one of ${STRATEGIES.map((x) => x.name).join(', ')}`);
  return s;
}
