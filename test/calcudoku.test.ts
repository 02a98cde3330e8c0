import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { Rng } from '../src/core/rng.js';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import type { CalcudokuModel, CalcudokuOptions, Difficulty } from '../src/kinds/calcudoku/model.js';
import { grade } from '../src/kinds/calcudoku/human.js';
import { puzOfModel } from '../src/kinds/calcudoku/puzzle.js';
import { refGrade, refSolve, ruleProblems } from './helpers/calcudoku-ref.js';

const LEVELS: Difficulty[] = ['easy', 'medium', 'hard', 'expert', 'unreasonable'];
const opts = (raw: Record<string, unknown>): CalcudokuOptions => calcudoku.schema.parse(raw);
const make = (raw: Record<string, unknown>, seed: string): CalcudokuModel => calcudoku.generate(opts(raw), new Rng(seed));

/**
 * Rules and uniqueness by the independent referee, the kind's own check, and the level twice: the
 * referee's grader (no shared code) must solve it with the level's techniques and not with the
 * level below, and so must the kind's own grader.
 */
function verify(m: CalcudokuModel, referee = true): void {
  expect(ruleProblems(m)).toEqual([]);
  if (referee) {
    const sols = refSolve(m, 2);
    expect(sols.length).toBe(1);
    expect(sols[0]).toEqual(m.solution);
  }
  expect(calcudoku.check(m)).toEqual([]);
  const level = LEVELS.indexOf(m.difficulty);
  expect(grade(puzOfModel(m), level).status).toBe('solved');
  if (level > 0) expect(grade(puzOfModel(m), level - 1).status).not.toBe('solved');
  if (referee) {
    expect(refGrade(m, level)).toBe('solved');
    if (level > 0) expect(refGrade(m, level - 1)).toBe('stuck');
  }
}

describe('calcudoku options', () => {
  it('fills defaults and coerces CLI strings', () => {
    expect(opts({})).toEqual({ size: 6, difficulty: 'medium', ops: '+-x/', hideOps: false, example: true });
    expect(opts({ size: '9', difficulty: 'HARD', ops: '*/+', hideOps: true })).toEqual({ size: 9, difficulty: 'hard', ops: '+x/', hideOps: true, example: true });
    expect(opts({ size: 3 }).difficulty).toBe('easy');
  });

  it.each([
    [{ size: '2' }, /--size must be a whole number from 3 to 12 \(got "2"\)/],
    [{ size: 13 }, /--size .*got 13/],
    [{ size: '6.5' }, /--size/],
    [{ difficulty: 'nightmare' }, /--difficulty must be one of easy, medium, hard, expert, unreasonable \(got "nightmare"\)/],
    [{ ops: 'q' }, /--ops may only use \+ - x \/ \(got "q"\)/],
    [{ ops: '' }, /--ops/],
    [{ ops: '/' }, /--ops \/ on its own/],
    [{ size: 3, difficulty: 'hard' }, /needs --size 4/],
  ])('rejects %j with one clear line', (raw, message) => {
    let err: unknown;
    try {
      opts(raw);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('encodes every option combination compactly and decodes it back exactly', () => {
    for (let size = 3; size <= 12; size++) {
      for (const difficulty of size === 3 ? (['easy'] as Difficulty[]) : LEVELS) {
        for (let bits = 1; bits < 16; bits++) {
          if (bits === 8) continue;
          const ops = (bits & 1 ? '+' : '') + (bits & 2 ? '-' : '') + (bits & 4 ? 'x' : '') + (bits & 8 ? '/' : '');
          for (const hideOps of [false, true]) {
            const o = opts({ size, difficulty, ops, hideOps });
            const text = calcudoku.encode(o);
            expect(text).toMatch(/^[0-9A-Za-z.]{1,4}$/);
            expect(calcudoku.decode(text)).toEqual(o);
            expect(calcudoku.decode(text.toLowerCase())).toEqual(o);
          }
        }
      }
    }
  });

  it.each(['', '6', '6HFF', 'DHF', '6ZF', '6H0', '6H8', '3HF', '6H!'])('refuses the code part %j', (text) => {
    expect(() => calcudoku.decode(text)).toThrow(UserError);
  });
});

describe('calcudoku puzzles', () => {
  // Every size of Keen's range and every level, with the referee; fewer seeds for big grids keeps
  // the file's run time modest (more seeds run in bench/calcudoku.ts).
  const seedsFor = (size: number, level: Difficulty) => (size <= 6 ? 3 : level === 'unreasonable' ? 1 : 2);
  for (let size = 4; size <= 9; size++) {
    for (const difficulty of LEVELS) {
      it(`${size}x${size} ${difficulty}: rules, one solution, solved by its level and not the one below`, () => {
        for (let s = 0; s < seedsFor(size, difficulty); s++) {
          const m = make({ size, difficulty }, `t${size}${difficulty}${s}`);
          expect(m.size).toBe(size);
          expect(m.difficulty).toBe(difficulty);
          verify(m);
        }
      });
    }
  }

  it('makes 3x3 puzzles (easy only) and 10x10 to 12x12 puzzles at every level', () => {
    verify(make({ size: 3 }, 't3'));
    for (let size = 10; size <= 12; size++) {
      for (const difficulty of LEVELS) {
        const m = make({ size, difficulty }, `t${size}${difficulty}`);
        expect(m.size).toBe(size);
        // The referee's exact cover search is slow on the big hard grids: the kind's check and grader only.
        verify(m, LEVELS.indexOf(difficulty) <= 1);
      }
    }
  });

  it.each([
    ['+', 5],
    ['x', 5],
    ['-', 6],
    ['-', 5],
    ['-/', 6],
    ['+-', 7],
    ['x/', 6],
  ])('honours --ops %s on size %i', (ops, size) => {
    for (let s = 0; s < 3; s++) {
      const m = make({ size, ops, difficulty: 'easy' }, `ops${ops}${s}`);
      const allowed = new Set([...ops.replace('x', '*'), '=']);
      for (const cage of m.cages) expect(allowed.has(cage.op)).toBe(true);
      verify(m);
    }
  });

  // Narrow sign sets need long repair chains on every layout; the generator's early restarts must
  // not starve them (they once failed outright on 9x9 when restarts cut every layout short).
  it.each([
    ['-', 'medium', false],
    ['-/', 'easy', true],
    ['+-', 'medium', false],
  ] as const)('makes 9x9 puzzles with only %s (%s, hidden %s)', (ops, difficulty, hideOps) => {
    for (let s = 0; s < 2; s++) {
      const m = make({ size: 9, ops, difficulty, hideOps }, `narrow${ops}${s}`);
      expect(m.difficulty).toBe(difficulty);
      verify(m);
    }
  });

  // Every grid of - clues alone keeps its clues when each digit d becomes n+1-d, so at even sizes
  // (no leftover single cell) only a given rules the second solution out; hard ones once failed.
  it.each([4, 6])('makes hard puzzles of size %i with only -', (size) => {
    for (let s = 0; s < 2; s++) {
      const m = make({ size, ops: '-', difficulty: 'hard' }, `minus${size}${s}`);
      for (const cage of m.cages) expect(cage.op === '-' || cage.op === '=').toBe(true);
      verify(m);
    }
  });

  it('only uses single-cell cages where a given is called for', () => {
    for (const difficulty of ['medium', 'hard', 'expert', 'unreasonable'] as Difficulty[]) {
      for (let s = 0; s < 3; s++) {
        const m = make({ size: 7, difficulty }, `given${difficulty}${s}`);
        expect(m.cages.every((c) => c.cells.length >= 2)).toBe(true);
      }
    }
  });

  it('makes puzzles with hidden signs that are unique as printed', () => {
    for (const [size, difficulty] of [
      [4, 'medium'],
      [6, 'hard'],
      [6, 'expert'],
      [7, 'easy'],
    ] as const) {
      const m = make({ size, difficulty, hideOps: true }, `hide${size}${difficulty}`);
      expect(m.hideOps).toBe(true);
      verify(m);
    }
  });

  it('is a pure function of options and seed', () => {
    const a = make({ size: 8, difficulty: 'hard' }, 'same');
    const b = make({ size: 8, difficulty: 'hard' }, 'same');
    const c = make({ size: 8, difficulty: 'hard' }, 'other');
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('mixes Latin squares beyond cyclic shifts', () => {
    // In a cyclic square every row is a rotation of the first; random squares rarely are.
    let cyclic = 0;
    for (let s = 0; s < 10; s++) {
      const sol = make({ size: 6, difficulty: 'easy' }, `mix${s}`).solution;
      const first = sol[0]!.join();
      const rotations = new Set(sol[0]!.map((_, k) => [...sol[0]!.slice(k), ...sol[0]!.slice(0, k)].join()));
      if (sol.every((row) => rotations.has(row.join())) && first) cyclic++;
    }
    expect(cyclic).toBeLessThan(3);
  });

  it('flags broken models in check', () => {
    const m = make({ size: 5, difficulty: 'easy' }, 'broken');
    const wrongTarget = structuredClone(m);
    wrongTarget.cages[0]!.target += 1;
    expect(calcudoku.check(wrongTarget).length).toBeGreaterThan(0);
    const badLatin = structuredClone(m);
    [badLatin.solution[0]![0], badLatin.solution[0]![1]] = [badLatin.solution[0]![1]!, badLatin.solution[0]![0]!];
    expect(calcudoku.check(badLatin).length).toBeGreaterThan(0);
    const merged = structuredClone(m);
    const [a, b] = merged.cages;
    merged.cages = [{ cells: [...a!.cells, ...b!.cells], op: '-', target: 1 }, ...merged.cages.slice(2)];
    expect(calcudoku.check(merged).length).toBeGreaterThan(0);
  });

  it('exports the stable JSON shape', () => {
    const o = opts({ size: 4, difficulty: 'medium' });
    const model = calcudoku.generate(o, new Rng('json'));
    const out = calcudoku.json(o, [{ number: 1, code: 'K4MF-ABCDEFGH', model }]) as any;
    expect(out.kind).toBe('calcudoku');
    const p = out.puzzles[0];
    expect(Object.keys(p).sort()).toEqual(['cages', 'code', 'difficulty', 'hideOps', 'ops', 'size', 'solution']);
    expect(p).toMatchObject({ code: 'K4MF-ABCDEFGH', size: 4, difficulty: 'medium', ops: '+-x/', hideOps: false });
    for (const c of p.cages) {
      expect(['+', '-', '*', '/', '=']).toContain(c.op);
      for (const [r, col] of c.cells) expect(r >= 0 && r < 4 && col >= 0 && col < 4).toBe(true);
    }
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});
