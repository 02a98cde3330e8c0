import type { Rng } from '../../core/rng.js';
import * as rules from './rules.js';

// Local copies: module bindings cost a lookup per use under test runners' transforms, and this loop is hot.
const GOAL = rules.GOAL;
const MARKERS = rules.MARKERS;
const START = rules.START;
import type { Strategy } from './strategies.js';

/** One roll of the die, as a replay sheet prints it. `marker` is -1 when a 1 forfeits the turn. */
export interface Move {
  player: number; // 0 or 1
  roll: number;
  marker: number;
  from: number;
  to: number; // where the marker ended: 1 after an overshoot, 120 when it retired
  bumped: number; // how many opponent markers went back to 1
}

export interface GameResult {
  winner: number;
  /** Rolls by both players, forfeited 1s included: one roll is one turn. */
  rolls: number;
}

/** Far beyond any real game (a game averages ~160 rolls); a guard against a strategy that never finishes. */
const MAX_ROLLS = 1_000_000;

/**
 * Plays one game to the end. The board is one Int32Array (player p's markers at p*4..p*4+3,
 * 120 = retired) so the simulator can run a hundred thousand games without allocating.
 */
export function playGame(
  players: readonly [Strategy, Strategy],
  rng: Rng,
  first: number,
  pos: Int32Array = new Int32Array(2 * MARKERS),
  log?: Move[],
): GameResult {
  pos.fill(START);
  const left = [MARKERS, MARKERS];
  let turn = first;
  for (let rolls = 1; rolls <= MAX_ROLLS; rolls++) {
    const roll = rng.int(1, 6);
    if (roll === 1) {
      log?.push({ player: turn, roll, marker: -1, from: 0, to: 0, bumped: 0 });
    } else {
      const marker = players[turn]!.choose(pos, turn, roll, rng);
      const at = turn * MARKERS + marker;
      const from = pos[at]!;
      if (marker < 0 || marker >= MARKERS || from === GOAL) {
        throw new Error(`strategy ${players[turn]!.name} chose marker ${marker}, which is not in play`);
      }
      const product = from * roll;
      let bumped = 0;
      if (product === GOAL) {
        pos[at] = GOAL;
        left[turn]!--;
      } else if (product > GOAL) {
        pos[at] = START;
      } else {
        pos[at] = product;
        const opp = (1 - turn) * MARKERS;
        for (let k = opp; k < opp + MARKERS; k++) {
          if (pos[k] === product) {
            pos[k] = START;
            bumped++;
          }
        }
      }
      log?.push({ player: turn, roll, marker, from, to: pos[at]!, bumped });
      if (left[turn] === 0) return { winner: turn, rolls };
    }
    turn = 1 - turn;
  }
  throw new Error(`a Ludo game passed ${MAX_ROLLS} rolls without a winner`);
}
