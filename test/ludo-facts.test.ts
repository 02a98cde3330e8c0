import { describe, expect, it } from 'vitest';
import { deadEndSquares, neverLandedSquares, onPathSquares, penultimateSquares, reachableSquares, wayMultisets, waysToGoal } from '../src/kinds/ludo/rules.js';
import { expectedTurnsExact, ratioValue } from '../src/kinds/ludo/expect.js';
import { divisorsOf, expectedTurnsFromOne, smoothUpTo } from './helpers/ludo-reference.js';

// The facts, derived here by other means and only then compared with the product.
describe('Multiplication Ludo facts', () => {
  const reachable = smoothUpTo(120);
  const divisors = divisorsOf(120);
  const dead = reachable.filter((s) => !divisors.includes(s));

  it('counts 36 reachable squares, 16 divisors of 120 and 20 dead ends', () => {
    expect(reachable).toHaveLength(36);
    expect(divisors).toHaveLength(16);
    expect(dead).toHaveLength(20);
    expect(reachableSquares()).toEqual(reachable);
    expect(onPathSquares()).toEqual(divisors);
    expect(deadEndSquares()).toEqual(dead);
    expect(neverLandedSquares()).toEqual(Array.from({ length: 120 }, (_, i) => i + 1).filter((s) => !reachable.includes(s)));
  });

  it('finds the penultimate squares as 120 divided by each roll', () => {
    expect(penultimateSquares()).toEqual([6, 5, 4, 3, 2].map((r) => 120 / r));
  });

  it('finds 4 multisets and 62 orderings of rolls 2-6 making 120', () => {
    // Brute force over every sequence of up to 7 rolls (2^7 > 120, so none is longer).
    const seqs: string[] = [];
    const grow = (seq: number[], prod: number): void => {
      if (prod === 120) seqs.push(seq.join(''));
      if (prod >= 120 || seq.length === 7) return;
      for (let r = 2; r <= 6; r++) grow([...seq, r], prod * r);
    };
    grow([], 1);
    const sets = new Set(seqs.map((s) => [...s].sort().join('')));
    expect(seqs).toHaveLength(62);
    expect(sets.size).toBe(4);
    expect(waysToGoal().map((s) => s.join('')).sort()).toEqual(seqs.sort());
    expect(wayMultisets().map((m) => m.rolls.join('')).sort()).toEqual([...sets].sort());
    expect(wayMultisets().reduce((a, m) => a + m.orderings, 0)).toBe(62);
  });

  it('expects 193461/4375 turns for one marker from 1 to 120', () => {
    const ref = expectedTurnsFromOne();
    expect(`${ref.num}/${ref.den}`).toBe('193461/4375');
    const e1 = expectedTurnsExact().get(1)!;
    expect([e1.num, e1.den]).toEqual([ref.num, ref.den]);
    expect(ratioValue(e1)).toBeCloseTo(44.22, 2);
  });

  it('prices every dead end above square 1: it can only wait to overshoot back there', () => {
    const e = expectedTurnsExact();
    const e1 = ratioValue(e.get(1)!);
    for (const s of dead) expect(ratioValue(e.get(s)!)).toBeGreaterThan(e1);
    expect(ratioValue(e.get(120)!)).toBe(0);
  });
});
