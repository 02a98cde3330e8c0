import type { Explanation, ExplanationStep } from '../../core/kind.js';
import { cellOf, Human, STEP_LEVEL, TOP_LEVEL, type Step } from './human.js';
import { DIFFICULTIES, type CalcudokuModel } from './model.js';
import { puzOfModel, type Puz } from './puzzle.js';
import type { Diagram } from './render.js';
import { messages, type Messages } from '../../i18n/messages.js';

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


/**
 * The worked solution of a Calcudoku: the grader's own deductions, in order, as sentences. Simple
 * moves (a cage's numbers, the last number left, the only place in a row) are told as placements
 * with a short reason; every harder move gets its own sentence, and the first hardest ones a diagram.
 */
export function explain(m: CalcudokuModel, w: Messages = messages()): Explanation {
  const n = m.size;
  const p = puzOfModel(m);
  const t = w.t.bind(w);
  const list = w.list.bind(w);
  const name = (i: number) => `${String.fromCharCode(65 + (i % n))}${Math.floor(i / n) + 1}`;
  const lineName = (line: number) => (line < n ? t('calcudoku.ex.row', { n: line + 1 }) : t('calcudoku.ex.column', { c: String.fromCharCode(65 + line - n) }));
  const clueOf = (k: number) => `${m.cages[k]!.target}${SIGN[m.cages[k]!.op]}`;
  const clue = (k: number) => {
    const c = m.cages[k]!;
    return c.cells.length === 1 ? t('calcudoku.ex.oneCellCage', { cell: name(p.cages[k]!.cells[0]!) }) : t('calcudoku.ex.cageAt', { clue: clueOf(k), where: cageWhere(p, k, name, w) });
  };

  const shortClue = (k: number) => t('calcudoku.ex.cage', { clue: clueOf(k) });
  const h = new Human(p);
  const steps: ExplanationStep[] = [];
  const level = DIFFICULTIES.indexOf(m.difficulty);
  steps.push({ text: intro(m, p, h.cand, name, w) });

  let prev = h.cand.slice();
  let run: string[] = [];
  let diagrams = 0;
  let notes: string[] = [];
  const flushNotes = (placed: string[]) => {
    if (notes.length) steps.push({ text: [t('calcudoku.ex.notes', { notes: notes.join(t('calcudoku.ex.semicolon')) }), ...(placed.length ? [t('calcudoku.ex.so', { list: list(placed) })] : [])].join(' ') });
    notes = [];
  };
  const flush = () => {
    flushNotes([]);
    if (run.length) steps.push({ text: t('calcudoku.ex.placements', { list: list(run) }) });
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
            ? t('calcudoku.ex.onlyPlace', { digit: s.digit, line: lineName(s.line) })
            : s.t === 'single'
              ? t('calcudoku.ex.lastLeft', { cell: name(s.cell), digit: s.digit })
              : t('calcudoku.ex.cageAllows', { cage: shortClue(s.t === 'cage' ? s.cage : 0) });
        run.push(`${put(i)} (${why})`);
        if (run.length >= RUN) flush();
      }
    } else if (s.t === 'cage' && level >= 2) {
      // Below a hard puzzle's level, cage arithmetic is routine: one short note per cage.
      if (!notes.length) flush();
      const cells = p.cages[s.cage]!.cells.filter((i) => prev[i] !== h.cand[i]);
      notes.push(`${list(cells.map((i) => t('calcudoku.ex.canOnlyBe', { cell: name(i), digits: list(bits(h.cand[i]!), 'or') })))} (${shortClue(s.cage)})`);
      if (notes.length >= RUN || placed.length) flushNotes(placed.map(put));
    } else {
      flush();
      flushNotes([]);
      const then = placed.length ? ` ${t('calcudoku.ex.so', { list: list(placed.map(put)) })}` : '';
      const step: ExplanationStep = { text: `${sentence(s, prev)}${then}` };
      if (stepLevel >= Math.max(1, level) && diagrams < MAX_DIAGRAMS) {
        diagrams++;
        step.diagram = diagram(s, prev, h.cand);
      }
      steps.push(step);
    }
    prev = h.cand.slice();
  };

  function sentence(s: Step, before: readonly number[]): string {
    switch (s.t) {
      case 'cage': {
        const cells = p.cages[s.cage]!.cells.filter((i) => before[i] !== h.cand[i]);
        const each = cells.map((i) => t('calcudoku.ex.canOnlyBe', { cell: name(i), digits: list(bits(h.cand[i]!), 'or') }));
        return t('calcudoku.ex.cageStep', { cage: cap(clue(s.cage)), each: list(each) });
      }
      case 'must':
        return t('calcudoku.ex.must', { cage: clue(s.cage), digits: list(s.digits), line: lineName(s.line), digitsOr: list(s.digits, 'or') });
      case 'set':
        return setSentence(s, n, name, w);
      case 'chain': {
        let forced = before[s.path[0]!]! & ~(1 << (s.digit - 1));
        const parts = [t('calcudoku.ex.chainIf', { cell: name(s.path[0]!), digit: s.digit, other: digitOf(forced) })];
        for (const i of s.path.slice(1)) {
          forced = before[i]! & ~forced;
          parts.push(t('calcudoku.ex.chainThen', { cell: name(i), digit: digitOf(forced) }));
        }
        const ends = list([name(s.path[0]!), name(s.path.at(-1)!)], 'or');
        return t('calcudoku.ex.chainEnd', { chain: parts.join(t('calcudoku.ex.semicolon')), ends, digit: s.digit, target: name(s.target) });
      }
      case 'trial':
        return t('calcudoku.ex.trial', { cell: name(s.cell), digit: s.digit });
      default:
        return '';
    }
  }

  /** The step's picture: what it reads (the known digits, its cells' marks before it) and, struck through, what it rules out there. */
  function diagram(s: Step, before: readonly number[], after: readonly number[]): Diagram {
    const marks = involved(s, p, before);
    const digits = Array.from(before, (c) => (single(c) ? digitOf(c) : 0));
    const open = marks.filter((i) => !single(before[i]!));
    const notes: [number, number[]][] = open.map((i) => [i, bits(before[i]!)]);
    const struck: [number, number[]][] = open.map((i): [number, number[]] => [i, bits(before[i]! & ~after[i]!)]).filter(([, gone]) => gone.length > 0);
    return { digits, marks, notes, ...(struck.length ? { struck } : {}) };
  }

  const status = h.run(TOP_LEVEL);
  flush();
  if (status !== 'solved') throw new Error(`internal error: the worked solution of a ${m.difficulty} Calcudoku got ${status}`);
  steps.push({ text: t('calcudoku.ex.done') });
  return { steps };
}

const cap = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

function cageWhere(p: Puz, k: number, name: (i: number) => string, w: Messages): string {
  const cells = [...p.cages[k]!.cells].sort((a, b) => a - b);
  return cells.length <= 3 ? w.list(cells.map(name)) : w.t('calcudoku.ex.cellsFrom', { cell: name(cells[0]!), count: cells.length });
}

function intro(m: CalcudokuModel, p: Puz, cand: readonly number[], name: (i: number) => string, w: Messages): string {
  const n = m.size;
  const list = w.list.bind(w);
  const base = w.t('calcudoku.ex.intro', { n });
  const given = p.cages.filter((c) => c.cells.length === 1).map((c) => `${name(c.cells[0]!)} = ${c.target}`);
  const fixed = p.cages
    .map((c, k) => ({ c, k, digits: bits(c.cells.reduce((a, i) => a | cand[i]!, 0)) }))
    .filter((x) => x.c.cells.length > 1 && x.digits.length === x.c.cells.length)
    .map((x) => w.t('calcudoku.ex.fixedCage', { clue: `${m.cages[x.k]!.target}${SIGN[m.cages[x.k]!.op]}`, where: cageWhere(p, x.k, name, w), digits: list(x.digits) }));
  const parts = [base];
  if (given.length) parts.push(w.t('calcudoku.ex.given', { list: list(given) }));
  if (fixed.length) parts.push(w.t('calcudoku.ex.oneWay', { list: list(fixed) }));
  return parts.join(' ');
}

/** The cells a step reads, for shading in its diagram. */
function involved(s: Step, p: Puz, before: readonly number[]): number[] {
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
function setCells(s: Extract<Step, { t: 'set' }>, n: number, before: readonly number[]): number[] {
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

function setSentence(s: Extract<Step, { t: 'set' }>, n: number, name: (i: number) => string, w: Messages): string {
  const { view, u, items, values } = s;
  const list = w.list.bind(w);
  const col = (c: number) => String.fromCharCode(65 + c);
  const lineOf = (row: boolean) => (row ? w.t('calcudoku.ex.row', { n: u + 1 }) : w.t('calcudoku.ex.column', { c: col(u) }));
  if (view === 0 || view === 1) {
    const line = lineOf(view === 0);
    const cells = items.map((j) => name(view === 0 ? u * n + j : j * n + u));
    const ds = values.map((v) => v + 1);
    return w.t('calcudoku.ex.setHold', { line, cells: list(cells), digits: list(ds), digitsOr: list(ds, 'or') });
  }
  if (view === 3 || view === 4) {
    const line = lineOf(view === 3);
    const ds = items.map((j) => j + 1);
    const cells = values.map((v) => name(view === 3 ? u * n + v : v * n + u));
    return w.t('calcudoku.ex.setPlace', { line, digits: list(ds), cells: list(cells) });
  }
  const d = u + 1;
  if (view === 2) {
    const rows = items.map((j) => j + 1);
    const cols = values.map(col);
    return w.t('calcudoku.ex.fishRows', { d, rows: list(rows), cols: list(cols), colsOr: list(cols, 'or') });
  }
  const cols = items.map(col);
  const rows = values.map((v) => v + 1);
  return w.t('calcudoku.ex.fishCols', { d, cols: list(cols), rows: list(rows), rowsOr: list(rows, 'or') });
}
