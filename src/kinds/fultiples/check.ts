import type { Cell, FultiplesModel, TaskAnswer } from './model.js';

/*
 * Re-derives every rule from the model alone, with its own arithmetic (division by the alphabet
 * rather than the generator's factorisation), so a generator bug cannot hide behind shared code.
 */

/** Divides out the alphabet primes; 1 means the number is built from them alone. */
function leftover(n: number, primes: number[]): number {
  let m = n;
  for (const p of primes) while (m % p === 0) m /= p;
  return m;
}

function fits(v: number, m: FultiplesModel): boolean {
  const [lo, hi] = m.scalars;
  return m.primes.some((p) => v % p === 0 && v / p >= lo && v / p <= hi && leftover(v / p, m.primes) === 1);
}

const prime = (p: number) => p > 1 && [...Array(p).keys()].slice(2).every((d) => p % d !== 0);
const key = ([r, c]: Cell) => `${r},${c}`;
const divides = (a: number, b: number) => b % a === 0 || a % b === 0;

function sameCells(got: Cell[], want: Cell[]): boolean {
  const a = got.map(key).sort();
  const b = want.map(key).sort();
  return a.length === b.length && a.every((x, i) => x === b[i]) && new Set(a).size === a.length;
}

function checkTask(t: TaskAnswer, m: FultiplesModel, at: (c: Cell) => number | undefined, all: Cell[], wild: Set<string>): string[] {
  const out: string[] = [];
  const where = (test: (v: number, c: Cell) => boolean) => all.filter((c) => test(at(c)!, c));
  switch (t.type) {
    case 'multiples':
      if (!sameCells(t.answer, where((v) => v % t.p === 0))) out.push(`multiples of ${t.p}: answer is not exactly the multiples on the board`);
      break;
    case 'both':
      if (!sameCells(t.answer, where((v) => v % t.p === 0 && v % t.q === 0))) out.push(`both ${t.p} and ${t.q}: answer is wrong`);
      break;
    case 'primes': {
      const onBoard = new Set(all.filter((c) => !wild.has(key(c))).map((c) => at(c)!));
      if (new Set(t.numbers).size !== t.numbers.length) out.push('primes: a number is asked twice');
      if (t.numbers.length > 20 || t.numbers.length < Math.min(12, onBoard.size)) out.push(`primes: ${t.numbers.length} numbers, not 12 to 20`);
      if (t.answer.length !== t.numbers.length) out.push('primes: not one answer per number');
      t.numbers.forEach((v, i) => {
        if (!onBoard.has(v)) out.push(`primes: ${v} is not a plain number on the board`);
        const f = t.answer[i] ?? [-1];
        const product = f.reduce((a, b) => a * b, 1);
        const sorted = f.every((p, j) => j === 0 || f[j - 1]! <= p);
        if (product !== v || !f.every(prime) || !sorted) out.push(`prime factors of ${v} are wrong: ${f.join('x')}`);
      });
      break;
    }
    case 'next': {
      if (at(t.cell) !== t.n) out.push(`next: the last shaded cell does not hold ${t.n}`);
      const want = where((v, c) => key(c) !== key(t.cell) && divides(v, t.n));
      if (!sameCells(t.answer, want) || want.length === 0) out.push(`next after ${t.n}: legal cells are wrong`);
      break;
    }
    case 'chain': {
      const values = t.answer.map(at);
      if (t.answer.length !== t.k) out.push(`chain: ${t.answer.length} cells, not ${t.k}`);
      if (new Set(t.answer.map(key)).size !== t.answer.length) out.push('chain: a cell is used twice');
      if (t.answer.some((c) => wild.has(key(c)))) out.push('chain: uses a wild cell');
      if (values.some((v) => v === undefined)) out.push('chain: a cell is off the board');
      else if (new Set(values).size !== values.length) out.push('chain: a number is used twice');
      for (let i = 1; i < values.length; i++) {
        if (!divides(values[i - 1]!, values[i]!)) out.push(`chain: ${values[i - 1]} to ${values[i]} is neither factor nor multiple`);
      }
      break;
    }
  }
  return out;
}

export function check(m: FultiplesModel): string[] {
  const out: string[] = [];
  const rows = m.board.length;
  const cols = m.board[0]?.length ?? 0;
  if (!m.primes.includes(2) || !m.primes.includes(3)) out.push('the alphabet lacks 2 or 3');
  if (!m.primes.every(prime)) {
    out.push(`the alphabet ${m.primes.join(',')} holds a non-prime`);
  }
  const at = ([r, c]: Cell) => m.board[r]?.[c];
  const wild = new Set(m.wild.map(key));
  if (wild.size !== m.wild.length) out.push('a wild cell is listed twice');
  const all: Cell[] = [];
  for (let r = 0; r < rows; r++) {
    if (m.board[r]!.length !== cols) out.push(`row ${r} has ${m.board[r]!.length} cells, not ${cols}`);
    for (let c = 0; c < cols; c++) all.push([r, c]);
  }
  for (const cell of all) {
    const v = at(cell)!;
    if (wild.has(key(cell))) {
      if (![1, 2, 3].includes(v)) out.push(`wild cell ${key(cell)} holds ${v}, not 1, 2 or 3`);
    } else if (!fits(v, m)) {
      out.push(`cell ${key(cell)} holds ${v}, which is not an alphabet prime times a valid scalar`);
    }
  }
  for (const c of m.wild) if (at(c) === undefined) out.push(`wild cell ${key(c)} is off the board`);
  if (m.playable) {
    const plain = all.filter((c) => !wild.has(key(c)));
    for (const c of plain) {
      if (!plain.some((o) => key(o) !== key(c) && divides(at(o)!, at(c)!))) out.push(`cell ${key(c)} (${at(c)}) has no partner`);
    }
  }
  for (const t of m.tasks) out.push(...checkTask(t, m, at, all, wild));
  return out;
}
