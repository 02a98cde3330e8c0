import type { LudoModel, ReplayModel, WaysModel } from './model.js';

/*
 * An independent audit of a model. It shares nothing with the generator: squares are judged by
 * factorising (a square can be landed on exactly when its only prime factors are 2, 3 and 5; it
 * can still reach 120 exactly when it divides 120), and the replay is re-played move by move.
 */

const smooth = (n: number): boolean => {
  for (const p of [2, 3, 5]) while (n % p === 0) n /= p;
  return n === 1;
};
const isPrime = (n: number): boolean => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};
const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);
const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const rollOk = (r: number): boolean => Number.isInteger(r) && r >= 2 && r <= 6;

function afterRoll(from: number, roll: number): { to: number; outcome: string } {
  if (roll === 1) return { to: from, outcome: 'forfeit' };
  const p = from * roll;
  if (p === 120) return { to: 120, outcome: 'home' };
  if (p > 120) return { to: 1, outcome: 'overshoot' };
  return { to: p, outcome: 'square' };
}

function checkLanding(m: LudoModel, out: string[]): void {
  for (const [i, q] of (m.landing ?? []).entries()) {
    const at = `landing question ${i + 1}`;
    if (!smooth(q.from) || q.from >= 120) out.push(`${at}: a marker can never stand on ${q.from}`);
    if (!Number.isInteger(q.roll) || q.roll < 1 || q.roll > 6) out.push(`${at}: ${q.roll} is not a die roll`);
    const want = afterRoll(q.from, q.roll);
    if (q.to !== want.to || q.outcome !== want.outcome) out.push(`${at}: ${q.from} rolling ${q.roll} gives ${want.to} (${want.outcome}), not ${q.to} (${q.outcome})`);
    const reach = want.outcome === 'home' || want.outcome === 'overshoot' || 120 % want.to === 0;
    if (q.canReach !== reach) out.push(`${at}: "can still reach 120" should be ${reach}`);
  }
}

function multinomial(counts: number[]): number {
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  return fact(counts.reduce((a, b) => a + b, 0)) / counts.reduce((a, c) => a * fact(c), 1);
}

function checkWays(w: WaysModel, out: string[]): void {
  // Every multiset of rolls 2-6 with product 120, by counting how many of each roll.
  const expected: { rolls: string; orderings: number }[] = [];
  for (let c2 = 0; c2 <= 6; c2++)
    for (let c3 = 0; c3 <= 4; c3++)
      for (let c4 = 0; c4 <= 3; c4++)
        for (let c5 = 0; c5 <= 2; c5++)
          for (let c6 = 0; c6 <= 2; c6++) {
            const counts = [c2, c3, c4, c5, c6];
            if (2 ** c2 * 3 ** c3 * 4 ** c4 * 5 ** c5 * 6 ** c6 !== 120) continue;
            const rolls = counts.flatMap((c, k) => Array<number>(c).fill(k + 2));
            expected.push({ rolls: rolls.join(','), orderings: multinomial(counts) });
          }
  const got = w.multisets.map((s) => ({ rolls: s.rolls.slice().sort((a, b) => a - b).join(','), orderings: s.orderings }));
  const key = (x: { rolls: string; orderings: number }): string => `${x.rolls}:${x.orderings}`;
  if (got.map(key).sort().join(' ') !== expected.map(key).sort().join(' ')) out.push('ways: the list of roll sets that make 120 is wrong');
  const total = expected.reduce((a, e) => a + e.orderings, 0);
  const seqs = new Set(w.orderings.map((s) => s.join(',')));
  if (seqs.size !== w.orderings.length || w.orderings.length !== total) out.push(`ways: expected ${total} different orderings, got ${w.orderings.length} (${seqs.size} different)`);
  for (const s of w.orderings) if (!s.every(rollOk) || product(s) !== 120) out.push(`ways: ${s.join(' ')} does not make 120`);
  for (const c of w.checks) {
    let at = 1;
    let early = false;
    c.rolls.forEach((r, i) => {
      if (at === 120) early = true;
      else if (i >= 0) at = at * r > 120 ? 1 : at * r;
    });
    if (!c.rolls.every(rollOk) || early) out.push(`ways: check ${c.rolls.join(' ')} is not a fair question`);
    if (c.end !== at || c.reaches !== (at === 120)) out.push(`ways: ${c.rolls.join(' ')} ends on ${at}, not ${c.end}`);
  }
}

function checkNever(m: LudoModel, out: string[]): void {
  const nv = m.never!;
  const want: number[] = [];
  for (let s = 1; s <= 120; s++) if (!smooth(s)) want.push(s);
  if (!same(nv.never, want)) out.push(`never: expected ${want.length} squares that can never be landed on, got ${nv.never.length}`);
  for (const a of nv.asks) {
    if (a.never !== !smooth(a.square)) out.push(`never: ${a.square} is ${smooth(a.square) ? 'possible' : 'impossible'}`);
    if (a.never && !(isPrime(a.prime) && a.prime > 5 && a.square % a.prime === 0)) out.push(`never: ${a.prime} is no reason against ${a.square}`);
    if (!a.never && (!a.rolls.every(rollOk) || product(a.rolls) !== a.square)) out.push(`never: rolls ${a.rolls.join(' ')} do not land on ${a.square}`);
  }
}

/** Auto120's preference for a move: 0 = A (penultimate or 120), 1 = B (divides 120), 2 = C (bumps), 3 = D. */
function auto120Rank(board: readonly number[], player: number, marker: number, roll: number): number {
  const to = board[player * 4 + marker]! * roll;
  if (to === 120 || [2, 3, 4, 5, 6].some((r) => to * r === 120)) return 0;
  if (to < 120 && 120 % to === 0) return 1;
  if (to < 120 && board.slice((1 - player) * 4, (1 - player) * 4 + 4).includes(to)) return 2;
  return to <= 120 ? 3 : 4;
}

function checkReplay(r: ReplayModel, out: string[]): void {
  const board = r.start.slice();
  const boards: number[][] = [];
  if (board.length !== 8 || !board.every((s) => s === 120 || (smooth(s) && 120 % s === 0) || smooth(s))) out.push('replay: the start position is impossible');
  r.moves.forEach((m, i) => {
    const at = `replay move ${r.firstMove + i}`;
    boards.push(board.slice());
    if (i > 0 && m.player === r.moves[i - 1]!.player) out.push(`${at}: the same player moved twice`);
    if (m.roll === 1) {
      if (m.marker !== -1 || m.from !== 0 || m.to !== 0 || m.bumped !== 0) out.push(`${at}: a 1 must lose the turn`);
      return;
    }
    const idx = m.player * 4 + m.marker;
    if (m.marker < 0 || m.marker > 3 || board[idx] === 120 || board[idx] !== m.from) {
      out.push(`${at}: marker ${m.marker + 1} is not on ${m.from}`);
      return;
    }
    if (r.players[m.player] === 'auto120') {
      const rank = auto120Rank(board, m.player, m.marker, m.roll);
      const best = Math.min(...[0, 1, 2, 3].filter((k) => board[m.player * 4 + k] !== 120).map((k) => auto120Rank(board, m.player, k, m.roll)));
      if (rank !== best && !(best === 4 && rank === 4)) out.push(`${at}: Auto120 would not choose this marker`);
    }
    const next = afterRoll(m.from, m.roll);
    board[idx] = next.to;
    let bumped = 0;
    if (next.outcome === 'square') {
      for (let k = (1 - m.player) * 4; k < (1 - m.player) * 4 + 4; k++) {
        if (board[k] === next.to) {
          board[k] = 1;
          bumped++;
        }
      }
    }
    if (m.to !== next.to || m.bumped !== bumped) out.push(`${at}: should end on ${next.to} bumping ${bumped}`);
  });
  boards.push(board.slice());
  const moveNo = (i: number): number => r.firstMove + i;
  for (const b of r.blanks) if (!r.moves[b] || r.moves[b]!.marker < 0) out.push(`replay: blank ${b} is not a move`);
  for (const q of r.questions) {
    if (q.type === 'bumps') {
      const want = r.moves.flatMap((m, i) => (m.bumped > 0 ? [moveNo(i)] : []));
      if (!same(q.answer, want)) out.push('replay: wrong answer to "which moves bumped"');
    } else if (q.type === 'overshoots') {
      const want = r.moves.flatMap((m, i) => (m.roll > 1 && m.from * m.roll > 120 ? [moveNo(i)] : []));
      if (!same(q.answer, want)) out.push('replay: wrong answer to "which moves went past 120"');
    } else if (q.type === 'final') {
      const want = boards[r.moves.length]!.slice(q.player * 4, q.player * 4 + 4);
      if (!same(q.answer, want)) out.push('replay: wrong final squares');
    } else {
      const m = r.moves[q.move];
      const letter = m && m.marker >= 0 ? 'ABCD'[auto120Rank(boards[q.move]!, m.player, m.marker, m.roll)] : undefined;
      if (!m || r.players[m.player] !== 'auto120' || letter !== q.answer) out.push(`replay: wrong rule for move ${moveNo(q.move)}`);
    }
  }
}

export function check(m: LudoModel): string[] {
  const out: string[] = [];
  checkLanding(m, out);
  if (m.ways) checkWays(m.ways, out);
  if (m.never) checkNever(m, out);
  if (m.replay) checkReplay(m.replay, out);
  return out;
}
