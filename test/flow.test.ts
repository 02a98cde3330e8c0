import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { flow, type FlowModel, type FlowOptions } from '../src/kinds/flow/index.js';
import { cluesOf } from '../src/kinds/flow/model.js';
import { countSolutions, DOWN, RIGHT } from '../src/kinds/flow/solver.js';
import { searchSolutions } from '../src/kinds/flow/search.js';
import { growCover, linksOf } from '../src/kinds/flow/cover.js';
import { cluesOfCover } from '../src/kinds/flow/repair.js';
import { mergeCheapest, repairByCount } from '../src/kinds/flow/merge.js';
import { countFillings, solveEffort } from './helpers/flowSolver.js';

const options = (raw: Record<string, unknown>): FlowOptions => flow.schema.parse(raw);
const make = (raw: Record<string, unknown>, seed: string): FlowModel => flow.generate(options(raw), new Rng(seed));
const key = ([r, c]: [number, number]) => `${r},${c}`;

/** Every rule of a printed puzzle, checked here from scratch. */
function rulesBroken(m: FlowModel): string[] {
  const out: string[] = [];
  const owner = new Map<string, string>();
  for (const p of m.paths) {
    const ends = m.endpoints.find((e) => e.label === p.label)!;
    const [a, b] = ends.cells.map(key);
    const first = key(p.cells[0]!);
    const last = key(p.cells.at(-1)!);
    if (!((first === a && last === b) || (first === b && last === a))) out.push(`${p.label}: not end to end`);
    if (p.cells.length < 3) out.push(`${p.label}: shorter than 3`);
    const [[r1, c1], [r2, c2]] = ends.cells;
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1) out.push(`${p.label}: ends touch`);
    p.cells.forEach(([r, c], j) => {
      if (r < 0 || c < 0 || r >= m.height || c >= m.width) out.push(`${p.label}: off the grid`);
      if (owner.has(key([r, c]))) out.push(`${r},${c} used twice`);
      owner.set(key([r, c]), p.label);
      if (j > 0) {
        const [pr, pc] = p.cells[j - 1]!;
        if (Math.abs(pr - r) + Math.abs(pc - c) !== 1) out.push(`${p.label}: jumps`);
      }
    });
  }
  if (owner.size !== m.width * m.height) out.push('not every square is used');
  for (let r = 0; r + 1 < m.height; r++) {
    for (let c = 0; c + 1 < m.width; c++) {
      const o = owner.get(key([r, c]));
      if ([[r, c + 1], [r + 1, c], [r + 1, c + 1]].every((x) => owner.get(key(x as [number, number])) === o)) {
        out.push(`2x2 block of ${o} at ${r},${c}`);
      }
    }
  }
  if (new Set(m.endpoints.map((e) => e.label)).size !== m.endpoints.length) out.push('labels repeat');
  return out;
}

/** Why RIGHT/DOWN links are not a solution of the endpoints in `cells` (1-based line numbers). */
function linkProblems(links: Uint8Array, cells: Uint8Array, width: number, height: number): string[] {
  const nbs = (i: number): number[] => {
    const out: number[] = [];
    if (links[i]! & RIGHT) out.push(i + 1);
    if (links[i]! & DOWN) out.push(i + width);
    if (i % width > 0 && links[i - 1]! & RIGHT) out.push(i - 1);
    if (i >= width && links[i - width]! & DOWN) out.push(i - width);
    return out;
  };
  const out: string[] = [];
  for (let i = 0; i < width * height; i++) {
    if (nbs(i).length !== (cells[i] ? 1 : 2)) out.push(`cell ${i} has ${nbs(i).length} links`);
  }
  if (out.length) return out;
  // Walk each line from one end: it must reach the other end of the same number.
  const seen = new Set<number>();
  for (let i = 0; i < width * height; i++) {
    if (!cells[i] || seen.has(i)) continue;
    let prev = -1;
    let at = i;
    for (;;) {
      seen.add(at);
      const next = nbs(at).filter((x) => x !== prev);
      if (at !== i && cells[at]) break;
      [prev, at] = [at, next[0]!];
    }
    if (cells[at] !== cells[i]) out.push(`line ${cells[i]} ends at ${cells[at]}`);
  }
  if (seen.size !== width * height) out.push('a closed loop');
  return out;
}

/** The outside solver's verdict: how many solutions (up to 2), and its work. */
const outside = (m: FlowModel, maxNodes = 20_000_000) =>
  solveEffort({ width: m.width, height: m.height, ends: m.endpoints.map((e) => e.cells) }, 2, maxNodes);
const fillings = (m: FlowModel) => {
  const res = outside(m);
  expect(res.gaveUp).toBe(false);
  return res.solutions;
};

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** A random cover's clues and links, sides from..to and a line count in lines..linesTo; null when none grows. */
function randomBoard(rng: Rng, from: number, to: number, lines: number, linesTo: number) {
  const width = rng.int(from, to);
  const height = rng.int(from, to);
  const cover = growCover(width, height, rng.int(lines, linesTo), rng);
  return cover ? { clues: cluesOfCover(cover, width, height), known: linksOf(cover, width, height) } : null;
}

describe('flow puzzles', () => {
  // [options, seeds, first seed]. Few long lines leave a plain solver a lot to search, so the
  // outside solver checks hard and expert puzzles up to 10x10 and medium ones up to 13x13;
  // bigger grids are checked by the bench's outside solver and by check().
  const cases: [Record<string, unknown>, number, number?][] = [
    [{ size: 5 }, 30],
    [{ size: 5, difficulty: 'hard' }, 10],
    [{ size: 5, difficulty: 'expert' }, 10],
    [{ size: 6, difficulty: 'easy' }, 15],
    [{ size: 7, difficulty: 'hard' }, 10],
    [{ size: 7, difficulty: 'expert' }, 10],
    [{ size: 8 }, 15],
    [{ width: 9, height: 6 }, 10],
    [{ width: 6, height: 10, difficulty: 'expert' }, 6],
    [{ size: 10 }, 10],
    [{ size: 10, difficulty: 'easy' }, 4],
    [{ size: 10, difficulty: 'hard' }, 4],
    [{ size: 10, difficulty: 'expert' }, 3],
    [{ width: 12, height: 11 }, 2],
    [{ width: 14, height: 8 }, 2],
    [{ size: 15, difficulty: 'easy' }, 2],
  ];
  for (const [raw, seeds, first = 0] of cases) {
    it(`${JSON.stringify(raw)}: well formed, and the independent solver finds exactly one solution`, () => {
      const o = options(raw);
      for (let s = first; s < first + seeds; s++) {
        const m = make(raw, `t${s}`);
        expect([m.width, m.height]).toEqual([o.width, o.height]);
        expect(rulesBroken(m)).toEqual([]);
        expect(m.endpoints.length).toBeGreaterThanOrEqual(o.minLines);
        expect(m.endpoints.length).toBeLessThanOrEqual(o.maxLines);
        expect(fillings(m)).toBe(1);
        expect(flow.check(m)).toEqual([]);
      }
    }, 120_000);
  }

  it('makes big grids of few, long lines that the product still proves unique', () => {
    for (const raw of [{ size: 14 }, { size: 14, difficulty: 'hard' }, { size: 20, difficulty: 'easy' }]) {
      const o = options(raw);
      const m = make(raw, 'big');
      expect(rulesBroken(m)).toEqual([]);
      expect(m.endpoints.length).toBeLessThanOrEqual(o.maxLines);
      // 14x14: about 15 lines, as in commercial packs, not the 22-28 of short-line generators.
      if (o.width === 14) expect(m.endpoints.length).toBeLessThanOrEqual(17);
      expect(flow.check(m)).toEqual([]);
    }
  }, 120_000);

  it('levels rise in the work a plain outside solver needs', () => {
    // Median work over two dozen 8x8 puzzles per level; each level must need clearly more. (A
    // dozen left hard's and expert's medians to the luck of the sample: 1.2x to 3.4x apart.)
    const work = ['easy', 'medium', 'hard', 'expert'].map((difficulty) =>
      median(Array.from({ length: 24 }, (_, s) => outside(make({ size: 8, difficulty }, `lv${s}`)).nodes)),
    );
    for (let k = 1; k < work.length; k++) expect(work[k]!).toBeGreaterThan(1.5 * work[k - 1]!);
    // Hard puzzles need real search, not a walk of forced moves (64 squares is the floor).
    expect(work[2]!).toBeGreaterThan(400);
  }, 120_000);

  it('never stops a long run for one awkward puzzle: every one of many is made', () => {
    // Commercial colour counts at 10x10, which a single cover meets only now and then.
    for (let s = 0; s < 20; s++) {
      const m = make({ size: 10, colors: '7-8', difficulty: 'hard' }, `run${s}`);
      expect(m.endpoints.length).toBeGreaterThanOrEqual(7);
      expect(m.endpoints.length).toBeLessThanOrEqual(8);
    }
  }, 120_000);

  it('is the same puzzle for the same seed, and another for another seed', () => {
    expect(make({ size: 8 }, 'same')).toEqual(make({ size: 8 }, 'same'));
    expect(make({ size: 8 }, 'same')).not.toEqual(make({ size: 8 }, 'other'));
  });

  it('keeps to a --colors range', () => {
    for (let s = 0; s < 4; s++) {
      const m = make({ size: 7, colors: '7-8' }, `c${s}`);
      expect(m.endpoints.length).toBeGreaterThanOrEqual(7);
      expect(m.endpoints.length).toBeLessThanOrEqual(8);
      expect(fillings(m)).toBe(1);
    }
  });
});

describe('flow joins', () => {
  it('joining the cheapest joins first leaves puzzles the independent solver finds unique', () => {
    let joins = 0;
    let made = 0;
    for (let s = 0; s < 100; s++) {
      const rng = new Rng(`cheap${s}`);
      const width = rng.int(5, 8);
      const height = rng.int(5, 7);
      const cover = growCover(width, height, rng.int(4, 8), rng);
      if (!cover) continue;
      const budget = { nodes: 1_000_000 };
      const built = repairByCount(cover, width, height, 30, { grade: 2, nodes: 800 }, rng, budget);
      if (!built) continue;
      const merged = mergeCheapest(built, width, height, 2, { grade: 2, nodes: 3_000 }, 90_000, rng, budget, s % 2 === 0);
      made++;
      joins += built.length - merged.length;
      const cell = (i: number): [number, number] => [Math.floor(i / width), i % width];
      const ends = merged.map((p) => [cell(p[0]!), cell(p[p.length - 1]!)]);
      expect(countFillings({ width, height, ends }, 2)).toBe(1);
    }
    // Enough puzzles, and enough joins taken, for the agreement to mean something.
    expect(made).toBeGreaterThan(80);
    expect(joins).toBeGreaterThan(made / 2);
  });
});

describe('flow solver', () => {
  it('agrees with the independent solver on random small puzzles, unique or not', () => {
    const rng = new Rng('cross');
    const seen = [0, 0, 0];
    for (let t = 0; t < 150; t++) {
      const width = rng.int(3, 5);
      const height = rng.int(3, 5);
      const cells = rng.shuffle([...Array(width * height).keys()]);
      const lines = rng.int(2, 4);
      const ends = Array.from({ length: lines }, (_, k) =>
        [cells[2 * k]!, cells[2 * k + 1]!].map((i) => [Math.floor(i / width), i % width] as [number, number]),
      );
      const m = { width, height, difficulty: 'medium', endpoints: ends.map((e, k) => ({ label: String(k + 1), cells: e })), paths: [] } as unknown as FlowModel;
      const mine = countSolutions(cluesOf(m)).solutions;
      expect(mine).toBe(Math.min(2, countFillings({ width, height, ends }, 2)));
      seen[mine]++;
    }
    // The sample must exercise all three answers, or the agreement proves little.
    expect(seen.every((n) => n > 0)).toBe(true);
  });

  it('the two outside solvers agree on random small puzzles, unique or not', () => {
    const rng = new Rng('outside');
    const seen = [0, 0, 0];
    for (let t = 0; t < 300; t++) {
      const width = rng.int(3, 6);
      const height = rng.int(3, 6);
      const cells = rng.shuffle([...Array(width * height).keys()]);
      const lines = rng.int(1, Math.min(5, Math.floor((width * height) / 2)));
      const ends = Array.from({ length: lines }, (_, k) =>
        [cells[2 * k]!, cells[2 * k + 1]!].map((i) => [Math.floor(i / width), i % width] as [number, number]),
      );
      const a = countFillings({ width, height, ends }, 2);
      expect(solveEffort({ width, height, ends }, 2).solutions).toBe(a);
      seen[a]++;
    }
    expect(seen.every((n) => n > 0)).toBe(true);
  });

  it('search agrees with the independent solver on random small puzzles, unique or not', () => {
    const rng = new Rng('cross-search');
    const seen = [0, 0, 0];
    for (let t = 0; t < 300; t++) {
      const width = rng.int(3, 6);
      const height = rng.int(3, 6);
      const cells = rng.shuffle([...Array(width * height).keys()]);
      const lines = rng.int(1, 5);
      const ends = Array.from({ length: lines }, (_, k) =>
        [cells[2 * k]!, cells[2 * k + 1]!].map((i) => [Math.floor(i / width), i % width] as [number, number]),
      );
      const m = { width, height, difficulty: 'medium', endpoints: ends.map((e, k) => ({ label: String(k + 1), cells: e })), paths: [] } as unknown as FlowModel;
      const mine = searchSolutions(cluesOf(m)).solutions;
      expect(mine).toBe(Math.min(2, countFillings({ width, height, ends }, 2)));
      seen[mine]++;
    }
    expect(seen.every((n) => n > 0)).toBe(true);
  });

  it('search, given one solution, finds a valid other one exactly when there is one', () => {
    const rng = new Rng('other');
    let others = 0;
    for (let t = 0; t < 120; t++) {
      const width = rng.int(4, 7);
      const height = rng.int(4, 7);
      const cover = growCover(width, height, rng.int(2, 5), rng);
      if (!cover) continue;
      const clues = cluesOfCover(cover, width, height);
      const known = linksOf(cover, width, height);
      const res = searchSolutions(clues, known);
      const ends = cover.map((p) => [p[0]!, p.at(-1)!].map((i) => [Math.floor(i / width), i % width] as [number, number]));
      expect(res.solutions).toBe(Math.min(2, countFillings({ width, height, ends }, 2)));
      if (res.solutions === 2) {
        others++;
        expect(res.other).toBeDefined();
        expect(res.other).not.toEqual(known);
        expect(linkProblems(res.other!, clues.cells, width, height)).toEqual([]);
      } else expect(res.other).toBeUndefined();
    }
    expect(others).toBeGreaterThan(10);
  });

  it('a search that looks hopeless only gives up sooner: whatever it does answer is the full search\'s answer', () => {
    const rng = new Rng('early');
    let sooner = 0;
    let same = 0;
    for (let t = 0; t < 60; t++) {
      const board = randomBoard(rng, 10, 13, 7, 12);
      if (!board) continue;
      const { clues, known } = board;
      const early = searchSolutions(clues, known, 1500, true, true);
      const full = searchSolutions(clues, known, 1500, true, false);
      if (early.gaveUp) {
        expect(early.nodes!).toBeLessThanOrEqual(full.nodes!);
        if (early.nodes! < full.nodes!) sooner++;
      } else {
        expect(early).toEqual(full);
        same++;
      }
    }
    expect(sooner).toBeGreaterThan(0);
    expect(same).toBeGreaterThan(20);
  });

  it('past 15x15 a search that looks hopeless says so, and gives up only sooner than the full search', () => {
    const rng = new Rng('early-big');
    let hopeless = 0;
    let answered = 0;
    // Loose boards (few lines for their size), where a proof can look hopeless.
    for (let t = 0; t < 24; t++) {
      const board = randomBoard(rng, 16, 20, 16, 24);
      if (!board) continue;
      const { clues, known } = board;
      const early = searchSolutions(clues, known, 2500, true, true);
      const full = searchSolutions(clues, known, 2500, true, false);
      expect(full.hopeless).toBeUndefined();
      if (early.hopeless) {
        hopeless++;
        expect(early.gaveUp).toBe(true);
        expect(early.nodes!).toBeLessThan(full.nodes!);
      } else if (early.gaveUp) expect(full.gaveUp).toBe(true);
      else {
        expect(early).toEqual(full);
        answered++;
      }
    }
    expect(hopeless).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);
  }, 60_000);

  it('reports a second solution when given one that is not alone', () => {
    // Two lines in a 3x4 box: 1 can go round either side... check with a concrete open grid.
    const m = make({ size: 6 }, 'alt');
    const clues = cluesOf(m);
    clues.cells.fill(0);
    const [a, b] = [m.endpoints[0]!.cells[0], m.endpoints[0]!.cells[1]];
    clues.cells[a[0] * m.width + a[1]] = 1;
    clues.cells[b[0] * m.width + b[1]] = 1;
    clues.colours = 1;
    const res = countSolutions(clues);
    expect(res.solutions).toBe(Math.min(2, countFillings({ width: m.width, height: m.height, ends: [[a, b]] })));
  });
});

describe('flow options', () => {
  it('turns codes back into the same options', () => {
    for (const raw of [{}, { size: 12, difficulty: 'hard' }, { width: 7, height: 20, colors: '9-12' }, { size: 5, difficulty: 'easy' }, { size: 9, difficulty: 'expert' }]) {
      const o = options(raw);
      const text = flow.encode(o);
      expect(text).toMatch(/^[0-9A-Za-z.]+$/);
      expect(flow.decode(text)).toEqual(o);
    }
    // Codes copied by hand may come back in capitals.
    expect(flow.decode('10X10M')).toEqual(options({ size: 10 }));
  });

  it('rejects bad input with one clear line', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ size: 4 }, /--size must be a whole number from 5 to 20/],
      [{ size: 21 }, /--size/],
      [{ width: 'abc' }, /--width/],
      [{ height: 7.5 }, /--height/],
      [{ colors: '9-6' }, /--colors 9-6: write the smaller number first, such as 6-9$/],
      [{ size: 5, colors: '3-9' }, /at most 8 lines \(each line needs at least 3 squares\)$/],
      [{ colors: 'many' }, /--colors must be one number, or the fewest and most lines with a dash between, such as 6-8/],
      [{ difficulty: 'insane' }, /--difficulty must be easy, medium, hard or expert/],
    ];
    for (const [raw, message] of bad) {
      expect(() => options(raw)).toThrowError(UserError);
      expect(() => options(raw)).toThrowError(message);
    }
    for (const text of ['', 'zz', '10x10q', '10x10m5']) expect(() => flow.decode(text)).toThrowError(UserError);
  });

  it('gives up on an impossible request with a message saying what to relax', () => {
    // Two lines cannot fill a 10x10 grid with one solution: far too much freedom.
    expect(() => make({ size: 10, colors: '2-2' }, 'x')).toThrowError(/widen the --colors range/);
  });
});

describe('flow json', () => {
  it('lists ends and paths cell by cell', () => {
    const o = options({ size: 6 });
    const m = flow.generate(o, new Rng('json'));
    const out = flow.json(o, [{ number: 1, code: 'F6x6m-ABCDEFGH', model: m }]) as any;
    expect(out.kind).toBe('flow');
    expect(out.puzzles[0]).toMatchObject({ code: 'F6x6m-ABCDEFGH', width: 6, height: 6 });
    expect(out.puzzles[0].paths.map((p: any) => p.label)).toEqual(out.puzzles[0].endpoints.map((e: any) => e.label));
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});
