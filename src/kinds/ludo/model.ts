import type { Move } from './game.js';
import type { Rule } from './strategies.js';

export type Outcome = 'square' | 'home' | 'overshoot' | 'forfeit';

/** "A marker on `from` rolls `roll`": where it ends and whether 120 is still within reach from there. */
export interface LandingQuestion {
  from: number;
  roll: number;
  to: number;
  outcome: Outcome;
  canReach: boolean;
}

/** A roll sequence from 1, for "does this reach 120?". Overshooting sends the marker back to 1 and play goes on. */
export interface SequenceCheck {
  rolls: number[];
  end: number;
  reaches: boolean;
}

export interface WaysModel {
  multisets: { rolls: number[]; orderings: number }[];
  orderings: number[][]; // all of them, for the answer key
  checks: SequenceCheck[];
}

export interface NeverAsk {
  square: number;
  never: boolean;
  /** For a square that can be landed on: rolls from 1 that land there; otherwise a prime above 5 that divides it. */
  rolls: number[];
  prime: number;
}

export interface NeverModel {
  never: number[];
  asks: NeverAsk[];
}

export type ReplayQuestion =
  | { type: 'rule'; move: number; answer: Rule } // move: index into moves
  | { type: 'bumps'; answer: number[] } // game move numbers that sent opponent markers back
  | { type: 'overshoots'; answer: number[] }
  | { type: 'final'; player: number; answer: number[] }; // that player's squares after the last move, marker 1 to 4

export interface ReplayModel {
  players: [string, string]; // strategy names; player 0 is Red, player 1 is Blue
  firstMove: number; // game move number (1-based) of moves[0]
  start: number[]; // the 8 marker squares before moves[0] (player p's markers at p*4..p*4+3)
  moves: Move[];
  blanks: number[]; // indices into moves whose "to" is left for the pupil
  questions: ReplayQuestion[];
  gameMoves: number; // length of the whole game
  winner: number;
}

export interface LudoModel {
  landing?: LandingQuestion[];
  ways?: WaysModel;
  never?: NeverModel;
  replay?: ReplayModel;
}

export const PLAYER_NAMES = ['Red', 'Blue'] as const;
