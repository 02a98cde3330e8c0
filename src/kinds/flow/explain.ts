import type { Explanation, ExplanationStep } from '../../core/kind.js';
import type { FlowModel } from './model.js';
import { messages, type Messages } from '../../i18n/messages.js';
import { around, forcedMove, newBoard, play, refute, refuteBySplit, tipOf, waysOn, type Board, type Move, type Split, type Why } from './deduce.js';

/** What a diagram shows: how far each line is drawn from each end, and the squares just filled. */
export interface Diagram {
  from: number[]; // per line: squares drawn from its first end
  to: number[]; // per line: squares drawn from its second end
  mark: number[]; // squares (row * width + column) this step filled
}

const MAX_DIAGRAMS = 6;
/**
 * A step that needs thought gets a diagram once the grid's side in squares has been filled since the
 * last one (and DIAGRAM_GAP steps have passed), so pictures spread over the whole solution; sure
 * moves get one after ROUTINE_SQUARES times that, so a reader can check where things stand.
 */
const DIAGRAM_GAP = 2;
const ROUTINE_SQUARES = 3;
/** Sure moves told in one paragraph at most. */
const GROUP = 4;
/** Forced moves followed after a trial move, tier by tier: the shortest reason is told first. */
const DEPTHS = [0, 2, 6, 20];
/** Forced moves followed in the last tier, where a way is also wrong if it leaves a line end two ways that both go wrong. */
const SPLIT_DEPTH = 20;
/** Forced moves at most before such a line end: more, and the reader could not see where it is. */
const SPLIT_AFTER = 2;
/** Grids above this many squares skip that last tier (a 20x20 took 4 s a puzzle with it). */
const SPLIT_MAX_SQUARES = 225;
const DIRS = ['up', 'down', 'left', 'right'].map((d) => `flow.dir.${d}`);

/**
 * The worked solution of a Flow puzzle, as a pupil would find it: lines grow from their dots, and
 * each step says why it is sure (deduce.ts): a line end with only one way on, a square with only
 * two ways in, or "if the line went there, this would go wrong". The reasoning never looks at the
 * answer; the answer only checks it (a move the reasoning finds is always the answer's) and, where
 * the reasoning finds nothing (rare), gives the way to go with "the other ways cannot all be
 * finished", true because the puzzle has one solution. Diagrams show the grid at the steps that
 * need thought.
 */
export function explain(m: FlowModel, w: Messages = messages()): Explanation {
  const W = m.width;
  const paths = m.paths.map((p) => p.cells.map(([r, c]) => r * W + c));
  const b = newBoard(W, m.height, paths.map((p) => [p[0]!, p[p.length - 1]!]));
  const K = paths.length;
  const where = (i: number) => w.t('flow.ex.where', { row: Math.floor(i / W) + 1, column: (i % W) + 1 });
  const dirOf = (a: number, x: number) => w.t(DIRS[around(b, a).indexOf(x)]!);
  const label = (k: number) => m.paths[k]!.label;
  const dots = new Set(paths.flatMap((p) => [p[0]!, p[p.length - 1]!]));
  const or = w.t('flow.ex.or');
  /** "up or left", "up, down or left". */
  const choice = (dirs: string[]) => (dirs.length < 3 ? dirs.join(or) : dirs.slice(0, -1).join(w.t('flow.ex.comma')) + or + dirs.at(-1));
  /** The answer's next square from a line end: the reasoning is checked against it. */
  const answer = (k: number, side: number): number => {
    const n = b.ends[k]![side]!.length;
    return side === 0 ? paths[k]![n]! : paths[k]![paths[k]!.length - 1 - n]!;
  };
  const apply = (mv: Move): void => {
    if (mv.to !== answer(mv.k, mv.side)) throw new Error(`flow explanation: a sure move of line ${label(mv.k)} is not the answer's`);
    play(b, mv);
  };
  const who = (k: number, side: number): string => {
    const at = tipOf(b, k, side);
    if (b.ends[k]![side]!.length > 1) return w.t('flow.ex.lineAt', { label: label(k), where: where(at) });
    const r = Math.floor(at / W);
    const c = at % W;
    const edges = [r === 0, r === m.height - 1, c === 0, c === W - 1].filter(Boolean).length;
    return w.t(edges === 2 ? 'flow.ex.dotCorner' : edges === 1 ? 'flow.ex.dotEdge' : 'flow.ex.dot', { label: label(k), where: where(at) });
  };
  const reason = (y: Why): string => {
    switch (y.t) {
      case 'deadEnd':
        return w.t('flow.ex.deadEnd', { where: where(y.square) });
      case 'stuck':
        // A bare dot is named as the reader sees it on the page: no line is drawn from it yet.
        return w.t(dots.has(y.at) ? 'flow.ex.stuckDot' : 'flow.ex.stuck', { label: label(y.k), where: where(y.at) });
      case 'clash':
        return w.t('flow.ex.clash', { a: label(y.a), b: label(y.b), where: where(y.square) });
      case 'cutOff':
        return w.t('flow.ex.cutOff', { label: label(y.k) });
      default:
        return w.t(y.size === 1 ? 'flow.ex.shutInOne' : 'flow.ex.shutIn', { where: where(y.square), count: y.size });
    }
  };
  const snapshot = (mark: number[]): Diagram => ({
    from: paths.map((p, k) => (b.joined[k] ? p.length : b.ends[k]![0]!.length)),
    to: paths.map((_, k) => b.ends[k]![1]!.length),
    mark,
  });

  const steps: ExplanationStep[] = [{ text: w.t('flow.ex.steps') }];
  let diagrams = 0;
  let lastDiagram = -DIAGRAM_GAP;
  /** A step; its diagram when it needs thought, or when sure moves have run long without one. */
  // Sure moves in a row share a paragraph (up to GROUP sentences), so the page reads as a story.
  let group = 0;
  let since = 0; // squares filled since the last diagram
  const push = (text: string, picture: number[] | null, routine = false): void => {
    const step: ExplanationStep = { text };
    if (picture) since += picture.length;
    const due = since >= (routine ? ROUTINE_SQUARES : 1) * Math.max(W, m.height) && steps.length - lastDiagram >= DIAGRAM_GAP;
    if (picture && diagrams < MAX_DIAGRAMS && due) {
      since = 0;
      step.diagram = snapshot(picture);
      diagrams++;
      lastDiagram = steps.length;
    } else if (routine && group > 0 && group < GROUP) {
      steps[steps.length - 1]!.text += ` ${text}`;
      group++;
      return;
    }
    steps.push(step);
    group = routine && !step.diagram ? 1 : 0;
  };
  let last = -1; // the line end moved last, 2 * line + end: followed first while it has sure moves
  let near = -1; // the square filled last: sure moves nearest it come next

  for (let guard = 0; guard < 4 * b.owner.length && b.joined.some((j) => !j); guard++) {
    const f = forcedMove(b, last, near);
    if (f?.why === 'two') {
      const { k } = f.move;
      apply(f.move);
      last = 2 * k + f.move.side;
      near = f.square;
      push(w.t('flow.ex.joinsBoth', { where: where(f.square), label: label(k) }), null, true);
      continue;
    }
    if (f) {
      // Follow this end while it has only one way on: one sentence for the whole run.
      const { k, side } = f.move;
      const start = who(k, side);
      const dirs: string[] = [];
      const cells: number[] = [];
      for (;;) {
        const ways = waysOn(b, k, side);
        if (b.joined[k] || ways.length !== 1) break;
        const d = dirOf(tipOf(b, k, side), ways[0]!);
        if (dirs.at(-1) !== d) dirs.push(d);
        cells.push(ways[0]!);
        apply({ k, side, to: ways[0]! });
      }
      last = 2 * k + side;
      near = tipOf(b, k, side);
      const path = dirs.join(w.t('flow.ex.then'));
      const text = b.joined[k]
        ? w.t('flow.ex.onlyMeets', { who: start, path, label: label(k) })
        : cells.length === 1
          ? w.t('flow.ex.onlyOne', { who: start, path })
          : w.t('flow.ex.onlyTo', { who: start, path, to: where(tipOf(b, k, side)) });
      push(text, cells, true);
      continue;
    }
    const found = ifThen(b, last);
    if (found) {
      const { k, side, keep, wrong } = found;
      const at = tipOf(b, k, side);
      // Ways that fail at once for the same reason are told together: "If it went up or left, ...".
      const same = new Map<string, number[]>();
      for (const x of wrong) if (!x.split && !x.forced.length) same.set(reason(x.why!), [...(same.get(reason(x.why!)) ?? []), x.to]);
      const told = new Set<string>();
      const reasons = wrong.map(({ to, why, split, forced }) => {
        const dir = dirOf(at, to);
        if (split) {
          const whats = split.cases.map((c) => reason(c.why));
          const later = split.cases.some((c) => c.forced.length);
          // Both ways failing for one reason is said once: "either way, in the end ...".
          const cases =
            whats[0] === whats[1]
              ? [w.t(later ? 'flow.ex.caseSameLater' : 'flow.ex.caseSame', { what: whats[0]! })]
              : split.cases.map((c, j) =>
                  w.t(c.forced.length ? 'flow.ex.caseLater' : 'flow.ex.case', { dir: w.t(DIRS[around(b, split.at).indexOf(c.to)]!), what: whats[j]! }),
                );
          return w.t(forced.length ? 'flow.ex.ifWentSplitLater' : 'flow.ex.ifWentSplit', {
            dir,
            label: label(split.k),
            where: where(split.at),
            a: w.t(DIRS[around(b, split.at).indexOf(split.cases[0]!.to)]!),
            b: w.t(DIRS[around(b, split.at).indexOf(split.cases[1]!.to)]!),
            cases: cases.join(w.t('flow.ex.caseJoin')),
          });
        }
        const what = reason(why!);
        if (!forced.length) {
          if (told.has(what)) return '';
          told.add(what);
          return w.t('flow.ex.ifWent', { dir: choice(same.get(what)!.map((x) => dirOf(at, x))), what });
        }
        const first = forced[0]!;
        const pushed = w.t('flow.ex.forced', { label: label(first.k), dir: w.t(forcedDir(b, { k, side, to }, forced)) });
        return w.t(forced.length === 1 ? 'flow.ex.ifWentThen' : 'flow.ex.ifWentThenMore', { dir, pushed, what });
      });
      const text = w.t('flow.ex.tryWays', {
        who: who(k, side),
        options: choice(waysOn(b, k, side).map((x) => dirOf(at, x))),
        reasons: reasons.filter(Boolean).join(' '),
        dir: dirOf(at, keep),
      });
      apply({ k, side, to: keep });
      last = 2 * k + side;
      near = keep;
      push(text, [keep]);
      continue;
    }
    // Nothing sure by these rules: the end with fewest ways goes the answer's way.
    let best: [number, number] = [-1, 0];
    let fewest = 99;
    for (let k = 0; k < K; k++) {
      if (b.joined[k]) continue;
      for (const side of [0, 1]) {
        const n = waysOn(b, k, side).length;
        if (n < fewest) [best, fewest] = [[k, side], n];
      }
    }
    const [k, side] = best;
    const at = tipOf(b, k, side);
    const options = waysOn(b, k, side);
    const first = answer(k, side);
    // Keep to this end while nothing is sure anywhere: a guessed stretch is one sentence.
    const cells: number[] = [];
    const dirs: string[] = [];
    do {
      const to = answer(k, side);
      const d = dirOf(tipOf(b, k, side), to);
      if (dirs.at(-1) !== d) dirs.push(d);
      cells.push(to);
      apply({ k, side, to });
    } while (!b.joined[k] && waysOn(b, k, side).length > 1 && !forcedMove(b) && !ifThen(b, 2 * k + side));
    const text =
      cells.length === 1
        ? w.t('flow.ex.guessOne', {
            label: label(k),
            where: where(at),
            options: choice(options.map((y) => dirOf(at, y))),
            others: choice(options.filter((y) => y !== first).map((y) => dirOf(at, y))),
            dir: dirOf(at, first),
          })
        : w.t('flow.ex.guessRun', { label: label(k), where: where(at), path: dirs.join(w.t('flow.ex.then')), to: where(cells.at(-1)!) });
    last = 2 * k + side;
    near = cells.at(-1)!;
    push(text, cells);
  }
  steps.push({ text: w.t('flow.ex.done') });
  return { steps };
}

/** The direction of the first move forced after trying `tried`, read on the board as it would be. */
function forcedDir(b: Board, tried: Move, forced: Move[]): string {
  const first = forced[0]!;
  const tip = first.k === tried.k && first.side === tried.side ? tried.to : tipOf(b, first.k, first.side);
  return DIRS[around(b, tip).indexOf(first.to)]!;
}

interface Found {
  k: number;
  side: number;
  keep: number;
  wrong: { to: number; why?: Why; split?: Split; forced: Move[] }[];
}

/**
 * A line end all of whose ways but one go wrong, by the shortest reasoning: ways that go wrong at
 * once first, then after a few forced moves (DEPTHS are the bands), then after a line end with two
 * failing ways (split). Within a band, the end moved last and those after it come first.
 */
function ifThen(b: Board, last: number): Found | null {
  const K = b.ends.length;
  const band = (forced: number) => DEPTHS.findIndex((d) => forced <= d);
  let best: Found | null = null;
  let bestBand = DEPTHS.length;
  for (let t = 0; t < 2 * K; t++) {
    const e = last >= 0 ? (last + t) % (2 * K) : t;
    const k = e >> 1;
    const side = e & 1;
    if (b.joined[k]) continue;
    const ways = waysOn(b, k, side);
    if (ways.length < 2) continue;
    const wrong: Found['wrong'] = [];
    let keep = -1;
    let worst = 0;
    for (const to of ways) {
      const r = refute(b, { k, side, to }, DEPTHS.at(-1)!);
      if (r) {
        wrong.push({ to, ...r });
        worst = Math.max(worst, band(r.forced.length));
      } else if (keep < 0) keep = to;
      else break;
    }
    if (keep < 0 || wrong.length !== ways.length - 1 || worst >= bestBand) continue;
    best = { k, side, keep, wrong };
    bestBand = worst;
    if (worst === 0) return best;
  }
  if (best || b.owner.length > SPLIT_MAX_SQUARES) return best;
  // The split band tries every line end again for each way: on big grids it would take seconds.
  for (let t = 0; t < 2 * K; t++) {
    const e = last >= 0 ? (last + t) % (2 * K) : t;
    const k = e >> 1;
    const side = e & 1;
    if (b.joined[k]) continue;
    const ways = waysOn(b, k, side);
    if (ways.length < 2) continue;
    const wrong: Found['wrong'] = [];
    let keep = -1;
    for (const to of ways) {
      const r = refute(b, { k, side, to }, SPLIT_DEPTH) ?? refuteBySplit(b, { k, side, to }, SPLIT_DEPTH, SPLIT_AFTER);
      if (r) wrong.push({ to, ...r });
      else if (keep < 0) keep = to;
      else break;
    }
    if (keep >= 0 && wrong.length === ways.length - 1) return { k, side, keep, wrong };
  }
  return null;
}
