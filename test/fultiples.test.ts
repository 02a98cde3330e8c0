import { describe, expect, it } from 'vitest';
import { fultiples } from '../src/kinds/fultiples/index.js';
import type { FultiplesOptions } from '../src/kinds/fultiples/options.js';
import type { FultiplesModel } from '../src/kinds/fultiples/model.js';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { Templates } from '../src/layout/templates.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { example } from '../src/kinds/fultiples/sheet.js';
import { cellOk, cells, factorOrMultiple, sieveFactors, sievePrime, sortCells, type Cell } from './helpers/fultiples.js';

const parse = (raw: Record<string, unknown>) => fultiples.schema.parse(raw) as FultiplesOptions;
const make = (raw: Record<string, unknown>, seed: string) => fultiples.generate(parse(raw), new Rng(seed));
const at = (m: FultiplesModel, [r, c]: Cell) => m.board[r]![c]!;
const key = ([r, c]: Cell) => `${r},${c}`;

function errorOf(raw: Record<string, unknown>): string {
  try {
    parse(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(raw)}`);
}

/** Every rule of a board, checked with the helper's own arithmetic. */
function boardProblems(m: FultiplesModel): string[] {
  const out: string[] = [];
  const [lo, hi] = m.scalars;
  const wild = new Set(m.wild.map(key));
  for (const cell of cells(m.board)) {
    const v = at(m, cell);
    if (wild.has(key(cell))) {
      if (![1, 2, 3].includes(v)) out.push(`wild ${v}`);
    } else if (!cellOk(v, m.primes, lo, hi)) out.push(`bad ${v} at ${key(cell)}`);
    // Smoothness on its own: nothing outside the alphabet divides any number on the board.
    if (!sieveFactors(v).every((f) => m.primes.includes(f))) out.push(`${v} is not smooth`);
  }
  return out;
}

function lonely(m: FultiplesModel): Cell[] {
  const wild = new Set(m.wild.map(key));
  const plain = cells(m.board).filter((c) => !wild.has(key(c)));
  return plain.filter((c) => !plain.some((o) => key(o) !== key(c) && factorOrMultiple(at(m, o), at(m, c))));
}

describe('fultiples options', () => {
  it('names every wrong option at once, so a form marks each of them, not only the first', () => {
    let err: UserError | undefined;
    try {
      parse({ primes: '2,4', scalars: '1-5', size: '99', cols: '3', rows: '6', wildChance: '50', playable: 'maybe', task: ['zzz'] });
    } catch (e) {
      err = e as UserError;
    }
    expect(err).toBeInstanceOf(UserError);
    const flags = [err!, ...err!.more].map((e) => e.field);
    expect(flags).toEqual(['--primes', '--scalars', '--size', '--cols', '--wild-chance', '--playable', '--task']);
  });

  it('fills the published defaults and reads CLI strings', () => {
    expect(parse({})).toEqual({ primes: [2, 3, 7], scalars: [2, 20], cols: 10, rows: 10, wildChance: 3, playable: true, tasks: [] });
    const o = parse({ primes: '7, 3,2,5', scalars: '3-12', size: '8', rows: '6', wildChance: '2.5', playable: false, task: ['multiples:7', 'both:2,3', 'primes', 'next', 'next:12', 'chain:5'] });
    expect(o).toMatchObject({ primes: [2, 3, 5, 7], scalars: [3, 12], cols: 8, rows: 6, wildChance: 2.5, playable: false });
    expect(o.tasks).toEqual([
      { type: 'multiples', p: 7 },
      { type: 'both', p: 2, q: 3 },
      { type: 'primes' },
      { type: 'next' },
      { type: 'next', n: 12 },
      { type: 'chain', k: 5 },
    ]);
  });

  it.each([
    [{ primes: '2,5,7' }, /--primes.*2 and 3/],
    [{ primes: '3,7' }, /--primes.*2 and 3/],
    [{ primes: '1,2,3' }, /--primes.*"1" is not a prime/],
    [{ primes: '0,2,3' }, /--primes.*"0" is not a prime/],
    [{ primes: '2,3,9' }, /--primes.*"9" is not a prime/],
    [{ primes: '2,3,x' }, /--primes.*"x" is not a prime/],
    [{ primes: '2,3,3' }, /--primes.*3 is listed twice/],
    [{ primes: '2,3,101' }, /--primes.*too large/],
    [{ scalars: '1-20' }, /--scalars.*start at 2/],
    [{ scalars: '0-5' }, /--scalars.*start at 2/],
    [{ scalars: '20-2' }, /--scalars.*bigger/],
    [{ scalars: 'two' }, /--scalars.*range like 2-20/],
    [{ scalars: '25-25' }, /--scalars 25-25: no number in this range/],
    [{ primes: '2,3', scalars: '5-5' }, /no number in this range/],
    [{ size: '4' }, /--size 4: .*5 to 15/],
    [{ cols: '16' }, /--cols 16/],
    [{ rows: 'ten' }, /--rows ten/],
    [{ wildChance: '50' }, /--wild-chance 50/],
    [{ wildChance: '-1' }, /--wild-chance -1/],
    [{ task: ['multiples:5'] }, /--task multiples:5: 5 is not one of the board's primes \(2,3,7\)/],
    [{ task: ['both:2,5'] }, /--task both:2,5: 5 is not one of the board's primes/],
    [{ task: ['both:3,3'] }, /two different primes/],
    [{ primes: '2,3,7', scalars: '2-2', task: ['both:3,7'] }, /no number .* divisible by both 3 and 7/],
    [{ task: ['next:13'] }, /--task next:13: 13 can never be on these boards/],
    [{ task: ['next:1'], wildChance: '0' }, /next:1: 1 can never/],
    [{ task: ['chain:1'] }, /chain must have 2 to 15/],
    [{ task: ['chain:99'] }, /chain must have 2 to 15/],
    [{ task: ['chain'] }, /--task chain: not a worksheet; write one of multiples:7 \(shade the multiples of 7\)/],
    [{ task: ['dance:3'] }, /--task dance:3: not a worksheet; write one of .* or chain:5 \(a chain of 5 moves\)$/],
    [{ task: ['multiples:x'] }, /--task multiples:x/],
  ])('refuses %j with one clear line', (raw, message) => {
    const text = errorOf(raw);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('codes round-trip and use only code-safe characters', () => {
    const cases = [
      {},
      { primes: '2,3,5,7,11', scalars: '4-30', cols: '12', rows: '7', wildChance: '0', playable: false },
      { wildChance: '2.5', task: ['multiples:3', 'both:2,7', 'primes', 'next', 'next:14', 'chain:15'] },
      { size: '15', task: ['next:1'] },
    ];
    for (const raw of cases) {
      const o = parse(raw);
      const text = fultiples.encode(o);
      expect(text).toMatch(/^[0-9A-Za-z.]*$/);
      expect(fultiples.decode(text)).toEqual(o);
    }
    expect(fultiples.encode(parse({}))).toBe('');
    for (const bad of ['X', 'm', 'P2.5', 'S1.5', 'G3.3', 'W99', '-', 'c1']) {
      expect(() => fultiples.decode(bad)).toThrow(UserError);
    }
  });
});

describe('fultiples boards', () => {
  const alphabets = [{}, { primes: '2,3,5', scalars: '3-15' }, { primes: '2,3,11,13', scalars: '6-24', cols: '12', rows: '8' }, { primes: '2,3', scalars: '2-9', size: '5' }];

  it('every cell is an alphabet prime times a valid scalar, or a wild 1, 2, 3', () => {
    for (const [i, raw] of alphabets.entries()) {
      for (let s = 0; s < 60; s++) {
        const m = make(raw, `cells-${i}-${s}`);
        expect(boardProblems(m)).toEqual([]);
        expect(fultiples.check(m)).toEqual([]);
        const o = parse(raw);
        expect(m.board).toHaveLength(o.rows);
        expect(m.board.every((row) => row.length === o.cols)).toBe(true);
      }
    }
  });

  it('fixes the published scalar fault: primes below the range stay off the board', () => {
    // The published rule let 10 = 2 x 5 in with a 6-20 range; 5 must never divide a cell.
    for (let s = 0; s < 40; s++) {
      const m = make({ scalars: '6-20', wildChance: '0' }, `below-${s}`);
      expect(m.board.flat().some((v) => v % 5 === 0 || v % 11 === 0 || v % 13 === 0)).toBe(false);
    }
  });

  it('is a pure function of options and seed', () => {
    const raw = { task: ['next', 'chain:6'] };
    expect(make(raw, 'same')).toEqual(make(raw, 'same'));
    expect(make(raw, 'same')).not.toEqual(make(raw, 'other'));
  });

  it('deals wild cards at a plausible rate: about 3% per value, 8.7 per 100 cells', () => {
    const counts = [0, 0, 0, 0];
    const boards = 300;
    for (let s = 0; s < boards; s++) {
      const m = make({ playable: false }, `wild-${s}`);
      for (const c of m.wild) counts[at(m, c)]!++;
      // Wild values are only ever in listed wild cells; plain cells are at least 2 x 2.
      const wild = new Set(m.wild.map(key));
      for (const c of cells(m.board)) if (!wild.has(key(c))) expect(at(m, c)).toBeGreaterThanOrEqual(4);
    }
    const perBoard = (counts[1]! + counts[2]! + counts[3]!) / boards;
    expect(perBoard).toBeGreaterThan(7.8);
    expect(perBoard).toBeLessThan(9.7);
    for (const v of [1, 2, 3]) {
      expect(counts[v]! / boards).toBeGreaterThan(2.3);
      expect(counts[v]! / boards).toBeLessThan(3.6);
    }
    expect(make({ wildChance: '0' }, 'nowild').wild).toEqual([]);
    const many = make({ wildChance: '20', playable: false }, 'manywild').wild.length;
    expect(many).toBeGreaterThan(30);
  });

  it('playable boards give every plain number a partner; --no-playable really allows loners', () => {
    const raw = { primes: '2,3,97', scalars: '2-12', size: '5' };
    let loners = 0;
    for (let s = 0; s < 80; s++) {
      expect(lonely(make(raw, `play-${s}`))).toEqual([]);
      if (lonely(make({ ...raw, playable: false }, `play-${s}`)).length) loners++;
    }
    expect(loners).toBeGreaterThan(5);
  });
});

describe('fultiples tasks', () => {
  // next:12 and longer chains are tried on boards that hold them: the board no longer bends to its tasks.
  const tasks = ['multiples:7', 'multiples:2', 'both:2,3', 'both:3,7', 'primes', 'next', 'next:12', 'chain:5', 'chain:8'];

  it('every answer key matches an independent recomputation', () => {
    let done = 0;
    for (let s = 0; done < 60; s++) {
      const board = make({}, `tasks-${s}`);
      if (!board.board.flat().includes(12)) {
        expect(() => make({ task: tasks }, `tasks-${s}`)).toThrow(/next:12.*no 12/);
        continue;
      }
      done++;
      const m = make({ task: tasks }, `tasks-${s}`);
      expect(m.board).toEqual(board.board);
      const all = cells(m.board);
      const wild = new Set(m.wild.map(key));
      for (const t of m.tasks) {
        if (t.type === 'multiples') expect(sortCells(t.answer)).toEqual(sortCells(all.filter((c) => at(m, c) % t.p === 0)));
        if (t.type === 'both') {
          expect(sortCells(t.answer)).toEqual(sortCells(all.filter((c) => at(m, c) % t.p === 0 && at(m, c) % t.q === 0)));
          expect(t.answer.length).toBeGreaterThan(0);
        }
        if (t.type === 'primes') {
          const plain = new Set(all.filter((c) => !wild.has(key(c))).map((c) => at(m, c)));
          expect(new Set(t.numbers).size).toBe(t.numbers.length);
          expect(t.numbers.length).toBeGreaterThanOrEqual(12);
          expect(t.numbers.length).toBeLessThanOrEqual(20);
          t.numbers.forEach((v, i) => {
            expect(plain.has(v)).toBe(true);
            expect(t.answer[i]).toEqual(sieveFactors(v));
            expect(t.answer[i]!.every(sievePrime)).toBe(true);
          });
        }
        if (t.type === 'next') {
          expect(at(m, t.cell)).toBe(t.n);
          const legal = all.filter((c) => key(c) !== key(t.cell) && factorOrMultiple(at(m, c), t.n));
          expect(sortCells(t.answer)).toEqual(sortCells(legal));
          expect(legal.length).toBeGreaterThan(0);
        }
        if (t.type === 'chain') {
          expect(t.answer).toHaveLength(t.k);
          const values = t.answer.map((c) => at(m, c));
          expect(new Set(t.answer.map(key)).size).toBe(t.k);
          expect(new Set(values).size).toBe(t.k);
          expect(t.answer.some((c) => wild.has(key(c)))).toBe(false);
          for (let i = 1; i < values.length; i++) expect(factorOrMultiple(values[i - 1]!, values[i]!)).toBe(true);
        }
      }
      expect(m.tasks.map((t) => t.type)).toEqual(['multiples', 'multiples', 'both', 'both', 'primes', 'next', 'next', 'chain', 'chain']);
      expect(fultiples.check(m)).toEqual([]);
      expect((m.tasks[6] as { n: number }).n).toBe(12);
    }
  });

  it('check() notices broken boards and wrong keys', () => {
    const good = make({ task: ['multiples:7', 'chain:4', 'next'] }, 'broken');
    expect(fultiples.check(good)).toEqual([]);
    const copy = () => structuredClone(good);
    const plain = cells(good.board).find((c) => !good.wild.some((w) => key(w) === key(c)))!;

    const five = copy();
    five.board[plain[0]]![plain[1]] = 10; // 2 x 5: 5 is not in the alphabet
    expect(fultiples.check(five).join()).toMatch(/not an alphabet prime/);

    const wild = copy();
    wild.wild.push(plain);
    wild.board[plain[0]]![plain[1]] = 4;
    expect(fultiples.check(wild).join()).toMatch(/not 1, 2 or 3/);

    const key7 = copy();
    (key7.tasks[0] as { answer: Cell[] }).answer.pop();
    expect(fultiples.check(key7).join()).toMatch(/multiples of 7/);

    const chain = copy();
    const links = (chain.tasks[1] as { answer: Cell[] }).answer;
    links[1] = links[0]!;
    expect(fultiples.check(chain).join()).toMatch(/chain/);

    const next = copy();
    (next.tasks[2] as { answer: Cell[] }).answer.push((next.tasks[2] as { cell: Cell }).cell);
    expect(fultiples.check(next).join()).toMatch(/next/);
  });

  it('asks for a clear error when a board cannot satisfy the tasks', () => {
    // 5 x 5 boards from 2 and 3 alone hold few different numbers: a 15-number chain is impossible.
    expect(() => make({ primes: '2,3', scalars: '2-4', size: '5', task: ['chain:15'] }, 'nochain')).toThrow(UserError);
  });
});

describe('fultiples pages and JSON', () => {
  it('builds the game sheet, a worksheet and an answer key per task, and renders them', async () => {
    const o = parse({ task: ['multiples:7', 'chain:5', 'primes'] });
    const items = generateItems(fultiples, o, 'pages', 2);
    const sections = fultiples.sections(o, items, { paper: 'a4', slotArea: () => ({ x: 40, y: 120, w: 515, h: 660 }) });
    expect(sections.map((s) => [s.template, s.answers, s.slots.length])).toEqual([
      ['sheet', false, 2],
      ['worksheet', false, 2],
      ['worksheet', false, 2],
      // products of primes: two pages a board (eight numbers a page)
      ['worksheet', false, 4],
      ['answers', true, 2],
      ['answers', true, 2],
      ['answers', true, 2],
    ]);
    const templates = new Templates();
    const part = kindPart(fultiples, o, items, { paper: 'a4' }, templates);
    const pdf = await renderToBuffer(documentPages([part], 'back').main, { paper: 'a4', templates, meta: { title: 't', subject: 's', keywords: 'k' } });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('the worked example on the game sheet tells the truth about numbers on that board', () => {
    for (let s = 0; s < 40; s++) {
      const m = make({}, `example-${s}`);
      const e = example(m)!;
      const plain = new Set(cells(m.board).filter((c) => !m.wild.some((w) => key(w) === key(c))).map((c) => at(m, c)));
      for (const v of [e.n, e.factor, e.multiple, e.not]) if (v !== undefined) expect(plain.has(v)).toBe(true);
      if (e.factor) expect(e.n % e.factor === 0 && e.factor !== e.n).toBe(true);
      if (e.multiple) expect(e.multiple % e.n === 0 && e.multiple !== e.n).toBe(true);
      if (e.not) expect(factorOrMultiple(e.not, e.n)).toBe(false);
      expect(e.factor ?? e.multiple).toBeDefined();
    }
  });

  it('exports the issue JSON shape', () => {
    const o = parse({ task: ['multiples:7', 'next'] });
    const items = generateItems(fultiples, o, 'json', 2);
    const j = JSON.parse(JSON.stringify(fultiples.json(o, items)));
    expect(j.kind).toBe('fultiples');
    expect(j.puzzles).toHaveLength(2);
    const p = j.puzzles[0];
    expect(Object.keys(p)).toEqual(['code', 'primes', 'scalars', 'board', 'wild', 'tasks']);
    expect(p.code).toMatch(/^Mm7n-[0-9A-Z]{10}$/);
    expect(p.primes).toEqual([2, 3, 7]);
    expect(p.scalars).toEqual([2, 20]);
    expect(p.tasks[0]).toMatchObject({ type: 'multiples', p: 7 });
    expect(p.tasks[1]).toMatchObject({ type: 'next' });
    for (const [r, c] of p.wild) expect([1, 2, 3]).toContain(p.board[r][c]);
  });
});
