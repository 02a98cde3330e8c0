import type { Rng } from '../../core/rng.js';
import { GOAL, MARKERS, MOVE_ROLLS, START, blockingPrime, deadEndSquares, land, neverLandedSquares, onPathSquares, penultimateSquares, reachableSquares, wayMultisets, waysToGoal } from './rules.js';
import { playGame, type Move } from './game.js';
import { classifyMove, strategyByName, type Rule } from './strategies.js';
import type { LandingQuestion, LudoModel, NeverAsk, NeverModel, ReplayModel, ReplayQuestion, SequenceCheck, WaysModel } from './model.js';
import type { LudoOptions } from './options.js';

export function landingQuestion(from: number, roll: number): LandingQuestion {
  const l = land(from, roll);
  const path = onPathSquares();
  // Back on 1 after an overshoot the marker can still make it; a retired marker already has.
  const canReach = l.kind === 'home' || l.kind === 'overshoot' || path.includes(l.to);
  return { from, roll, to: l.to, outcome: l.kind, canReach };
}

function landing(rng: Rng, n: number): LandingQuestion[] {
  const squares = reachableSquares().filter((s) => s !== GOAL);
  const dead = new Set(deadEndSquares());
  const seen = new Set<string>();
  const out: LandingQuestion[] = [];
  const add = (from: number, roll: number): boolean => {
    const key = `${from}x${roll}`;
    if (seen.has(key)) return false;
    seen.add(key);
    out.push(landingQuestion(from, roll));
    return true;
  };
  // One of each interesting outcome first, so every sheet asks about 120, overshooting and dead ends.
  const pen = rng.pick(penultimateSquares());
  add(pen, GOAL / pen);
  const high = squares.filter((s) => s * 6 > GOAL);
  const h = rng.pick(high);
  add(h, rng.pick(MOVE_ROLLS.filter((r) => h * r > GOAL)));
  const intoDead = squares.flatMap((s) => MOVE_ROLLS.filter((r) => dead.has(s * r)).map((r) => [s, r] as const));
  const [df, dr] = rng.pick(intoDead);
  add(df, dr);
  if (n >= 8) add(rng.pick(squares.filter((s) => s > 1)), 1);
  // High squares overshoot with most rolls; cap them so the sheet is mostly about landing.
  let overshoots = 1;
  while (out.length < n) {
    const from = rng.pick(squares);
    const roll = rng.pick(MOVE_ROLLS);
    if (from * roll > GOAL && overshoots >= 2) continue;
    if (add(from, roll) && from * roll > GOAL) overshoots++;
  }
  return rng.shuffle(out);
}

/** Follows rolls from 1 as the game does: past 120 means back to 1; stops on reaching 120. */
export function followRolls(rolls: readonly number[]): { end: number; hitEarly: boolean } {
  let at = START;
  for (let i = 0; i < rolls.length; i++) {
    at = land(at, rolls[i]!).to;
    if (at === GOAL) return { end: GOAL, hitEarly: i < rolls.length - 1 };
  }
  return { end: at, hitEarly: false };
}

function ways(rng: Rng): WaysModel {
  const orderings = waysToGoal();
  const checks: SequenceCheck[] = [];
  const used = new Set<string>();
  const push = (rolls: number[]): boolean => {
    const key = rolls.join(',');
    const f = followRolls(rolls);
    if (used.has(key) || f.hitEarly) return false;
    used.add(key);
    checks.push({ rolls, end: f.end, reaches: f.end === GOAL });
    return true;
  };
  while (checks.length < 3) push(rng.pick(orderings).slice());
  while (checks.length < 6) {
    const rolls = rng.pick(orderings).slice();
    const i = rng.int(0, rolls.length - 1);
    rolls[i] = rng.pick(MOVE_ROLLS.filter((r) => r !== rolls[i]));
    if (followRolls(rolls).end !== GOAL) push(rolls);
  }
  return { multisets: wayMultisets(), orderings, checks: rng.shuffle(checks) };
}

/** Rolls from 1 that land on a square, biggest roll first, or [] when none do. */
export function rollsTo(square: number): number[] {
  const rolls: number[] = [];
  let n = square;
  while (n > 1) {
    const r = [6, 5, 4, 3, 2].find((x) => n % x === 0);
    if (r === undefined) return [];
    rolls.push(r);
    n /= r;
  }
  return rolls;
}

function never(rng: Rng): NeverModel {
  const neverList = neverLandedSquares();
  const landable = reachableSquares().filter((s) => s > 6 && s !== GOAL);
  const picks = [
    ...rng.shuffle(neverList.filter((s) => s > 12).slice()).slice(0, 4),
    ...rng.shuffle(landable.slice()).slice(0, 4),
  ];
  const asks: NeverAsk[] = rng.shuffle(picks).map((square) => {
    const prime = blockingPrime(square);
    return { square, never: prime !== 0, rolls: prime === 0 ? rollsTo(square) : [], prime };
  });
  return { never: neverList, asks };
}

export const REPLAY_MOVES = 16;

/** Board after each move of a log: states[i] is the board before move i. */
export function boardsBefore(log: readonly Move[]): Int32Array[] {
  const pos = new Int32Array(2 * MARKERS).fill(START);
  const out: Int32Array[] = [];
  for (const m of log) {
    out.push(pos.slice());
    if (m.marker < 0) continue;
    pos[m.player * MARKERS + m.marker] = m.to;
    if (m.bumped > 0) {
      const opp = (1 - m.player) * MARKERS;
      for (let k = opp; k < opp + MARKERS; k++) if (pos[k] === m.to) pos[k] = START;
    }
  }
  out.push(pos.slice());
  return out;
}

function replay(rng: Rng, players: [string, string]): ReplayModel {
  const log: Move[] = [];
  const strategies = [strategyByName(players[0]), strategyByName(players[1])] as const;
  const game = playGame(strategies, rng, rng.int(0, 1), undefined, log);
  const boards = boardsBefore(log);
  const isAuto = (p: number): boolean => players[p] === 'auto120';
  const ruleOf = (i: number): Rule | undefined => {
    const m = log[i]!;
    // A forced overshoot (every marker left would pass 120) is no rule's choice.
    if (m.marker < 0 || !isAuto(m.player) || m.from * m.roll > GOAL) return undefined;
    // Nor is a move with one marker left in play (or all left on one square): there was nothing to
    // choose, and "which step of the plan chose it?" had no answer a pupil could find
    const mine = Array.from(boards[i]!.subarray(m.player * MARKERS, (m.player + 1) * MARKERS)).filter((p) => p !== GOAL);
    if (new Set(mine).size < 2) return undefined;
    return classifyMove(boards[i]!, m.player, m.marker, m.roll);
  };
  // The busiest stretch of the game makes the best questions: bumps, overshoots, retirements, varied rules.
  const size = Math.min(REPLAY_MOVES, log.length);
  let best = 0;
  let bestScore = -1;
  for (let s = 0; s + size <= log.length; s++) {
    let score = 0;
    const rules = new Set<Rule>();
    for (let i = s; i < s + size; i++) {
      const m = log[i]!;
      if (m.bumped > 0) score += 3;
      if (m.marker >= 0 && m.from * m.roll > GOAL) score += 2;
      if (m.to === GOAL && m.marker >= 0) score += 2;
      const r = ruleOf(i);
      if (r) rules.add(r);
    }
    score += 2 * rules.size;
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  const moves = log.slice(best, best + size);
  const movable = moves.map((m, i) => (m.marker >= 0 ? i : -1)).filter((i) => i >= 0);
  const blanks = rng.shuffle(movable.slice()).slice(0, Math.min(4, movable.length)).sort((a, b) => a - b);
  const number = (i: number): number => best + i + 1;
  const questions: ReplayQuestion[] = [
    { type: 'bumps', answer: moves.flatMap((m, i) => (m.bumped > 0 ? [number(i)] : [])) },
    { type: 'overshoots', answer: moves.flatMap((m, i) => (m.marker >= 0 && m.from * m.roll > GOAL ? [number(i)] : [])) },
  ];
  const ruled = movable.filter((i) => ruleOf(best + i) !== undefined);
  const byRule = new Map<Rule, number[]>();
  for (const i of ruled) byRule.set(ruleOf(best + i)!, [...(byRule.get(ruleOf(best + i)!) ?? []), i]);
  // Prefer two different rules, and the rarer ones (C, D, A) over the everyday B.
  const order: Rule[] = ['C', 'D', 'A', 'B'];
  const picked: number[] = [];
  for (const r of order) {
    const list = byRule.get(r);
    if (list && picked.length < 2) picked.push(rng.pick(list));
  }
  for (const i of picked.sort((a, b) => a - b)) questions.push({ type: 'rule', move: i, answer: ruleOf(best + i)! });
  const who = rng.int(0, 1);
  const after = boards[best + size]!;
  questions.push({ type: 'final', player: who, answer: Array.from(after.subarray(who * MARKERS, who * MARKERS + MARKERS)) });
  return {
    players,
    firstMove: best + 1,
    start: Array.from(boards[best]!),
    moves,
    blanks,
    questions,
    gameMoves: log.length,
    winner: game.winner,
  };
}

export function generate(o: LudoOptions, rng: Rng): LudoModel {
  const model: LudoModel = {};
  // Each sheet draws from its own stream, so choosing fewer worksheets leaves the others unchanged.
  if (o.worksheets.includes('landing')) model.landing = landing(rng.fork('landing'), o.questions);
  if (o.worksheets.includes('ways')) model.ways = ways(rng.fork('ways'));
  if (o.worksheets.includes('never')) model.never = never(rng.fork('never'));
  if (o.worksheets.includes('replay')) model.replay = replay(rng.fork('replay'), o.players);
  return model;
}
