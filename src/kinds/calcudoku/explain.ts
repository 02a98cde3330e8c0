import type { Explanation, ExplanationStep } from '../../core/kind.js';
import { cellOf, Human, STEP_LEVEL, TOP_LEVEL, type Step } from './human.js';
import { DIFFICULTIES, type CalcudokuModel } from './model.js';
import { puzOfModel, type Puz } from './puzzle.js';
import type { Diagram } from './render.js';

const SIGN: Record<string, string> = { '+': '+', '-': '\u2212', '*': '\u00d7', '/': '\u00f7', '=': '' };
/** Diagrams per puzzle at most: enough to show the hard moments, few enough to fit a page. */
const MAX_DIAGRAMS = 4;
/** Placements per paragraph: short enough to read out, few enough paragraphs to fit a page. */
const RUN = 8;

const bits = (m: number): number[] => {
  const out: number[] = [];
  for (let d = 1; m; d++, m >>= 1) if (m & 1) out.push(d);
  return out;
};
const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;
const digitOf = (m: number): number => 32 - Math.clz32(m);

/** "1, 2 and 6" or "1 or 6". */
function list(xs: (string | number)[], last = 'and'): string {
  const s = xs.map(String);
  return s.length <= 1 ? (s[0] ?? '') : `${s.slice(0, -1).join(', ')} ${last} ${s.at(-1)}`;
}

/**
 * The worked solution of a Calcudoku: the grader's own deductions, in order, as sentences. Simple
 * moves (a cage's numbers, the last number left, the only place in a row) are told as placements
 * with a short reason; every harder move gets its own sentence, and the first hardest ones a diagram.
 */
export function explain(m: CalcudokuModel): Explanation {
  const n = m.size;
  const p = puzOfModel(m);
  const name = (i: number) => `${String.fromCharCode(65 + (i % n))}${Math.floor(i / n) + 1}`;
  const lineName = (line: number) => (line < n ? `row ${line + 1}` : `column ${String.fromCharCode(65 + line - n)}`);
  const clue = (k: number) => {
    const c = m.cages[k]!;
    return c.cells.length === 1 ? `the one-cell cage ${name(p.cages[k]!.cells[0]!)}` : `the ${c.target}${SIGN[c.op]} cage at ${cageWhere(p, k, name)}`;
  };

  const shortClue = (k: number) => `the ${m.cages[k]!.target}${SIGN[m.cages[k]!.op]} cage`;
  const h = new Human(p);
  const steps: ExplanationStep[] = [];
  const level = DIFFICULTIES.indexOf(m.difficulty);
  steps.push({ text: intro(m, p, h.cand, name) });

  let prev = h.cand.slice();
  let run: string[] = [];
  let diagrams = 0;
  let notes: string[] = [];
  const flushNotes = (placed: string[]) => {
    if (notes.length) steps.push({ text: `Working out the cages with the numbers still possible: ${notes.join('; ')}.${placed.length ? ` So ${list(placed)}.` : ''}` });
    notes = [];
  };
  const flush = () => {
    flushNotes([]);
    if (run.length) steps.push({ text: `${list(run)}.` });
    run = [];
  };
  h.log = (s: Step) => {
    const placed: number[] = [];
    for (let i = 0; i < n * n; i++) if (prev[i] !== h.cand[i] && single(h.cand[i]!) && !single(prev[i]!)) placed.push(i);
    const put = (i: number) => `${name(i)} = ${digitOf(h.cand[i]!)}`;
    const stepLevel = STEP_LEVEL(s);
    if (stepLevel === 0) {
      for (const i of placed) {
        const why =
          s.t === 'hidden'
            ? `only place for ${s.digit} in ${lineName(s.line)}`
            : s.t === 'single'
              ? `last number left after ${name(s.cell)} = ${s.digit}`
              : `all that ${shortClue(s.t === 'cage' ? s.cage : 0)} allows there`;
        run.push(`${put(i)} (${why})`);
        if (run.length >= RUN) flush();
      }
    } else if (s.t === 'cage' && level >= 2) {
      // Below a hard puzzle's level, cage arithmetic is routine: one short note per cage.
      if (!notes.length) flush();
      const cells = p.cages[s.cage]!.cells.filter((i) => prev[i] !== h.cand[i]);
      notes.push(`${list(cells.map((i) => `${name(i)} can only be ${list(bits(h.cand[i]!), 'or')}`))} (${shortClue(s.cage)})`);
      if (notes.length >= RUN || placed.length) flushNotes(placed.map(put));
    } else {
      flush();
      flushNotes([]);
      const then = placed.length ? ` So ${list(placed.map(put))}.` : '';
      const step: ExplanationStep = { text: `${sentence(s, prev)}${then}` };
      if (stepLevel >= Math.max(1, level) && diagrams < MAX_DIAGRAMS) {
        diagrams++;
        step.diagram = diagram(s, prev);
      }
      steps.push(step);
    }
    prev = h.cand.slice();
  };

  function sentence(s: Step, before: Uint16Array): string {
    switch (s.t) {
      case 'cage': {
        const cells = p.cages[s.cage]!.cells.filter((i) => before[i] !== h.cand[i]);
        const each = cells.map((i) => `${name(i)} can only be ${list(bits(h.cand[i]!), 'or')}`);
        return `${cap(clue(s.cage))}, with the numbers still possible: ${list(each)}.`;
      }
      case 'must':
        return `Every way to make ${clue(s.cage)} puts ${list(s.digits)} in ${lineName(s.line)}, so no other cell of ${lineName(s.line)} can be ${list(s.digits, 'or')}.`;
      case 'set':
        return setSentence(s, n, name);
      case 'chain': {
        let forced = before[s.path[0]!]! & ~(1 << (s.digit - 1));
        const parts = [`If ${name(s.path[0]!)} is not ${s.digit}, it is ${digitOf(forced)}`];
        for (const i of s.path.slice(1)) {
          forced = before[i]! & ~forced;
          parts.push(`then ${name(i)} is ${digitOf(forced)}`);
        }
        const ends = `${name(s.path[0]!)} or ${name(s.path.at(-1)!)}`;
        return `${parts.join('; ')}. So ${ends} is ${s.digit}, and ${name(s.target)}, in line with both, cannot be ${s.digit}.`;
      }
      case 'trial':
        return `No sure step is left, so make a guess: suppose ${name(s.cell)} were ${s.digit}. Following it through with the steps above leads to a row or column that cannot be finished, so ${name(s.cell)} is not ${s.digit}.`;
      default:
        return '';
    }
  }

  function diagram(s: Step, before: Uint16Array): Diagram {
    const marks = involved(s, p, before);
    const digits = Array.from(before, (c) => (single(c) ? digitOf(c) : 0));
    const notes: [number, number[]][] = marks.filter((i) => !single(before[i]!)).map((i) => [i, bits(before[i]!)]);
    return { digits, marks, notes };
  }

  const status = h.run(TOP_LEVEL);
  flush();
  if (status !== 'solved') throw new Error(`internal error: the worked solution of a ${m.difficulty} Calcudoku got ${status}`);
  steps.push({ text: 'Every cell is filled: check each cage once more against the answer key.' });
  return { steps };
}

const cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

function cageWhere(p: Puz, k: number, name: (i: number) => string): string {
  const cells = [...p.cages[k]!.cells].sort((a, b) => a - b);
  return cells.length <= 3 ? list(cells.map(name)) : `${name(cells[0]!)} (${cells.length} cells)`;
}

function intro(m: CalcudokuModel, p: Puz, cand: Uint16Array, name: (i: number) => string): string {
  const n = m.size;
  const base = `Each row and each column holds 1 to ${n} once. Start with the cages: write in each cell the numbers its cage can use.`;
  const given = p.cages.filter((c) => c.cells.length === 1).map((c) => `${name(c.cells[0]!)} = ${c.target}`);
  const fixed = p.cages
    .map((c, k) => ({ c, k, digits: bits(c.cells.reduce((a, i) => a | cand[i]!, 0)) }))
    .filter((x) => x.c.cells.length > 1 && x.digits.length === x.c.cells.length)
    .map((x) => `${m.cages[x.k]!.target}${SIGN[m.cages[x.k]!.op]} at ${cageWhere(p, x.k, name)} can only be ${list(x.digits)}`);
  const parts = [base];
  if (given.length) parts.push(`The one-cell cages give ${list(given)}.`);
  if (fixed.length) parts.push(`Some cages can be made only one way: ${list(fixed)}.`);
  return parts.join(' ');
}

/** The cells a step reads, for shading in its diagram. */
function involved(s: Step, p: Puz, before: Uint16Array): number[] {
  const n = p.n;
  switch (s.t) {
    case 'cage':
    case 'must':
      return [...p.cages[s.cage]!.cells];
    case 'set':
      return setCells(s, n, before);
    case 'chain':
      return [...s.path, s.target];
    case 'trial':
      return [s.cell];
    default:
      return [];
  }
}

/** The cells of a set: items of a row or column, or for fish the digit's cells in the chosen lines. */
function setCells(s: Extract<Step, { t: 'set' }>, n: number, before: Uint16Array): number[] {
  const { view, u, items } = s;
  if (view === 0) return items.map((j) => u * n + j);
  if (view === 1) return items.map((j) => j * n + u);
  if (view === 3 || view === 4) {
    const line = view === 3 ? u : n + u;
    const mask = items.reduce((a, j) => a | (1 << j), 0);
    return Array.from({ length: n }, (_, k) => cellOf(n, line, k)).filter((i) => before[i]! & mask);
  }
  const out: number[] = [];
  for (const j of items) for (let v = 0; v < n; v++) {
    const i = view === 2 ? j * n + v : v * n + j;
    if (before[i]! & (1 << u)) out.push(i);
  }
  return out;
}

function setSentence(s: Extract<Step, { t: 'set' }>, n: number, name: (i: number) => string): string {
  const { view, u, items, values } = s;
  const col = (c: number) => String.fromCharCode(65 + c);
  if (view === 0 || view === 1) {
    const line = view === 0 ? `row ${u + 1}` : `column ${col(u)}`;
    const cells = items.map((j) => name(view === 0 ? u * n + j : j * n + u));
    const ds = values.map((v) => v + 1);
    return `In ${line}, ${list(cells)} can only hold ${list(ds)} between them, so no other cell of ${line} can be ${list(ds, 'or')}.`;
  }
  if (view === 3 || view === 4) {
    const line = view === 3 ? `row ${u + 1}` : `column ${col(u)}`;
    const ds = items.map((j) => j + 1);
    const cells = values.map((v) => name(view === 3 ? u * n + v : v * n + u));
    return `In ${line}, ${list(ds)} can only go in ${list(cells)}, so those cells hold nothing else.`;
  }
  const d = u + 1;
  if (view === 2) {
    const rows = items.map((j) => j + 1);
    const cols = values.map(col);
    return `The ${d}s of rows ${list(rows)} can only be in columns ${list(cols)}, so no other row can have a ${d} in column ${list(cols, 'or')}.`;
  }
  const cols = items.map(col);
  const rows = values.map((v) => v + 1);
  return `The ${d}s of columns ${list(cols)} can only be in rows ${list(rows)}, so no other column can have a ${d} in row ${list(rows, 'or')}.`;
}
