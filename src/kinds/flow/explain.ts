import type { Explanation, ExplanationStep } from '../../core/kind.js';
import type { FlowModel } from './model.js';
import { messages, type Messages } from '../../i18n/messages.js';

/** What a diagram shows: how far each line is drawn from each end, and the squares just filled. */
export interface Diagram {
  from: number[]; // per line: squares drawn from its first end
  to: number[]; // per line: squares drawn from its second end
  mark: number[]; // squares (row * width + column) this step filled
}

const MAX_DIAGRAMS = 3;
const DIRS = ['up', 'down', 'left', 'right'].map((d) => `flow.dir.${d}`);

/**
 * The worked solution of a Flow puzzle, as a pupil would find it: lines grow from their dots one
 * square at a time, and each step says why it is sure. A dot or line end with only one way on
 * must take it; an empty square with only two ways in must join both, so a line end beside it
 * goes in. When neither holds, the step says which way the line goes and that the other ways
 * cannot be finished (the puzzle has one solution, so they cannot). Runs of sure moves of one
 * line are told in one sentence; diagrams show the grid at the first guesses and every so often.
 */
export function explain(m: FlowModel, w: Messages = messages()): Explanation {
  const tr = w.t.bind(w);
  const W = m.width;
  const H = m.height;
  const paths = m.paths.map((p) => p.cells.map(([r, c]) => r * W + c));
  const K = paths.length;
  const owner = new Int32Array(W * H); // line + 1 once drawn
  const from = paths.map(() => 1);
  const to = paths.map(() => 1);
  paths.forEach((p, k) => {
    owner[p[0]!] = k + 1;
    owner[p[p.length - 1]!] = k + 1;
  });
  const done = (k: number) => from[k]! + to[k]! >= paths[k]!.length;
  const tip = (k: number, side: number) => (side === 0 ? paths[k]![from[k]! - 1]! : paths[k]![paths[k]!.length - to[k]!]!);
  const next = (k: number, side: number) => (side === 0 ? paths[k]![from[k]!]! : paths[k]![paths[k]!.length - to[k]! - 1]!);
  const nbs = (i: number) => {
    const r = Math.floor(i / W);
    const c = i % W;
    return [r > 0 ? i - W : -1, r < H - 1 ? i + W : -1, c > 0 ? i - 1 : -1, c < W - 1 ? i + 1 : -1];
  };
  const where = (i: number) => tr('flow.ex.where', { row: Math.floor(i / W) + 1, column: (i % W) + 1 });
  const dirOf = (a: number, b: number) => tr(DIRS[nbs(a).indexOf(b)]!);
  const label = (k: number) => m.paths[k]!.label;
  const isTip = (i: number) => {
    for (let k = 0; k < K; k++) if (!done(k) && (tip(k, 0) === i || tip(k, 1) === i)) return k;
    return -1;
  };
  /** Ways on from a line end: empty squares, or the line's other end. */
  const ways = (k: number, side: number) => nbs(tip(k, side)).filter((x) => x >= 0 && (owner[x] === 0 || x === tip(k, 1 - side)));
  const place = (k: number, side: number) => {
    const x = next(k, side);
    if (side === 0) from[k]!++;
    else to[k]!++;
    owner[x] = k + 1;
    return x;
  };
  const corner = (i: number) => {
    const r = Math.floor(i / W);
    const c = i % W;
    const edges = [r === 0, r === H - 1, c === 0, c === W - 1].filter(Boolean).length;
    return edges === 2 ? 'flow.ex.dotCorner' : edges === 1 ? 'flow.ex.dotEdge' : 'flow.ex.dot';
  };
  const snapshot = (mark: number[]): Diagram => ({ from: from.slice(), to: to.slice(), mark });

  const steps: ExplanationStep[] = [
    { text: tr('flow.ex.intro') },
  ];
  let diagrams = 0;
  let sinceDiagram = 0;

  /** A sure move of line k at one end, or null: a single way on, or a square with two ways in. */
  const sure = (): { k: number; side: number; why: 'one' | 'two'; square?: number } | null => {
    for (let k = 0; k < K; k++) {
      if (done(k)) continue;
      for (const side of [0, 1]) if (ways(k, side).length === 1) return { k, side, why: 'one' };
    }
    for (let i = 0; i < W * H; i++) {
      if (owner[i] !== 0) continue;
      const open = nbs(i).filter((x) => x >= 0 && (owner[x] === 0 || isTip(x) >= 0));
      if (open.length !== 2) continue;
      for (const x of open) {
        const k = isTip(x);
        if (k < 0) continue;
        const side = tip(k, 0) === x ? 0 : 1;
        if (next(k, side) === i) return { k, side, why: 'two', square: i };
      }
    }
    return null;
  };

  /** Why the grid as it stands cannot be finished, seen at once, or null. */
  const stuck = (): string | null => {
    for (let i = 0; i < W * H; i++) {
      if (owner[i] !== 0) continue;
      const open = nbs(i).filter((x) => x >= 0 && (owner[x] === 0 || isTip(x) >= 0)).length;
      if (open < 2) return tr('flow.ex.deadEnd', { where: where(i) });
    }
    for (let k = 0; k < K; k++) {
      if (done(k)) continue;
      if (!meet(k)) return tr('flow.ex.cutOff', { label: label(k) });
    }
    return null;
  };
  /** Whether line k's two ends can still meet through empty squares. */
  const meet = (k: number): boolean => {
    const a = tip(k, 0);
    const b = tip(k, 1);
    const seen = new Uint8Array(W * H);
    const stack = [a];
    seen[a] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      for (const x of nbs(i)) {
        if (x < 0 || seen[x]) continue;
        if (x === b) return true;
        if (owner[x] !== 0) continue;
        seen[x] = 1;
        stack.push(x);
      }
    }
    return false;
  };
  /** A move that every other way rules out at once: [line, end, the reasons of the other ways]. */
  const onlyWay = (): { k: number; side: number; why: string[] } | null => {
    for (let k = 0; k < K; k++) {
      if (done(k)) continue;
      for (const side of [0, 1]) {
        const x = next(k, side);
        const why: string[] = [];
        for (const y of ways(k, side)) {
          if (y === x || y === tip(k, 1 - side)) continue;
          owner[y] = k + 1;
          if (side === 0) paths[k]!.splice(from[k]!, 0, y);
          const saved = [from[k]!, to[k]!];
          if (side === 0) from[k]!++;
          else {
            paths[k]!.splice(paths[k]!.length - to[k]!, 0, y);
            to[k]!++;
          }
          const reason = stuck();
          from[k] = saved[0]!;
          to[k] = saved[1]!;
          if (side === 0) paths[k]!.splice(from[k]!, 1);
          else paths[k]!.splice(paths[k]!.length - to[k]! - 1, 1);
          owner[y] = 0;
          if (!reason) {
            why.length = 0;
            break;
          }
          why.push(tr('flow.ex.going', { dir: dirOf(tip(k, side), y), reason }));
        }
        if (why.length && why.length === ways(k, side).length - 1) return { k, side, why };
      }
    }
    return null;
  };

  for (let guard = 0; guard < 4 * W * H; guard++) {
    let open = -1;
    for (let k = 0; k < K && open < 0; k++) if (!done(k)) open = k;
    if (open < 0) break;
    const s = sure();
    if (s) {
      const { k, side } = s;
      const start = tip(k, side);
      const atDot = (side === 0 ? from[k] : to[k]) === 1;
      const cells: number[] = [];
      let text: string;
      if (s.why === 'two') {
        cells.push(place(k, side));
        text = tr('flow.ex.twoWays', { where: where(s.square!), label: label(k) });
      } else {
        // Follow the same end while it has only one way on: each square is sure for the same reason.
        while (!done(k) && ways(k, side).length === 1) {
          if (next(k, side) === tip(k, 1 - side)) {
            cells.push(next(k, side));
            from[k] = paths[k]!.length; // the two ends have met: the whole line is drawn
            break;
          }
          cells.push(place(k, side));
        }
        const who = tr(atDot ? corner(start) : 'flow.ex.lineAt', { label: label(k), where: where(start) });
        text = tr(atDot ? 'flow.ex.oneWayOut' : 'flow.ex.oneWayOn', { who, dir: dirOf(start, cells[0]!) });
        if (done(k)) text = tr(cells.length > 1 ? 'flow.ex.untilMeets' : 'flow.ex.meets', { text });
        else if (cells.length > 1) text = tr('flow.ex.runs', { text, count: cells.length, where: where(tip(k, side)) });
      }
      const step: ExplanationStep = { text: tr('flow.ex.sentence', { text }) };
      sinceDiagram += cells.length;
      if (sinceDiagram >= 6 * Math.max(W, H) && diagrams < MAX_DIAGRAMS) {
        step.diagram = snapshot(cells);
        diagrams++;
        sinceDiagram = 0;
      }
      steps.push(step);
      continue;
    }
    const only = onlyWay();
    if (only) {
      const { k, side } = only;
      const t = tip(k, side);
      const x = next(k, side);
      const cell = place(k, side);
      const step: ExplanationStep = {
        text: w.t('flow.ex.onlyWay', { label: label(k), where: where(t), why: only.why.join(w.t('flow.ex.semicolon')), dir: dirOf(t, x) }),
      };
      if (diagrams < MAX_DIAGRAMS && diagrams < 2) {
        step.diagram = snapshot([cell]);
        diagrams++;
        sinceDiagram = 0;
      }
      steps.push(step);
      continue;
    }
    // No sure move: the end with fewest ways goes the solution's way; the others cannot be finished.
    let best: [number, number] = [open, 0];
    for (let k = 0; k < K; k++) {
      if (done(k)) continue;
      for (const side of [0, 1]) if (ways(k, side).length < ways(best[0], best[1]).length) best = [k, side];
    }
    const [k, side] = best;
    const t = tip(k, side);
    const options = ways(k, side);
    const others = options.filter((y) => y !== next(k, side)).map((y) => dirOf(t, y));
    const first = dirOf(t, next(k, side));
    // Keep to this end while nothing is sure anywhere, so a long guessed stretch is one sentence.
    const cells: number[] = [];
    do {
      if (next(k, side) === tip(k, 1 - side)) {
        cells.push(next(k, side));
        from[k] = paths[k]!.length;
        break;
      }
      cells.push(place(k, side));
    } while (!done(k) && ways(k, side).length > 1 && !sure() && !onlyWay());
    const or = w.t('flow.ex.or');
    const text =
      cells.length === 1
        ? w.t('flow.ex.guessOne', { label: label(k), where: where(t), options: options.map((y) => dirOf(t, y)).join(or), others: others.join(or), dir: first })
        : done(k)
          ? w.t('flow.ex.guessRunMeets', { label: label(k), where: where(t), dir: first })
          : w.t('flow.ex.guessRunTo', { label: label(k), where: where(t), dir: first, to: where(tip(k, side)) });
    const step: ExplanationStep = { text };
    const cell = cells[cells.length - 1]!;
    if (diagrams < MAX_DIAGRAMS) {
      step.diagram = snapshot([cell]);
      diagrams++;
      sinceDiagram = 0;
    }
    steps.push(step);
  }
  steps.push({ text: tr('flow.ex.done') });
  return { steps };
}
