import type { Rng } from '../../core/rng.js';
import { gridNeighbours } from '../../core/grid.js';
import { type Cover, linksOf } from './cover.js';
import { cluesOfCover, cutNear, firstFault, type Budget } from './repair.js';
import { Search, searchSolutions } from './search.js';

/** How a puzzle may be proved unique: by the grader up to `grade`, or (grade 2) by the exact search. */
export interface Proof {
  grade: number; // highest grade allowed: 0 forced moves, 1 one-step trials, 2 search
  nodes: number; // search nodes one proof may take
  early?: boolean; // a search that looks hopeless gives up before its nodes run out
  plain?: boolean; // false: no plain search first, straight to the probing search
  quick?: number; // nodes of the plain search first (default QUICK_NODES)
}

/** Nodes for the first, plain search for a second solution. */
const QUICK_NODES = 400;

/**
 * Whether the cover is the only solution of its ends, within the proof's limits, or a second
 * solution (RIGHT/DOWN links) when the search found one. The grader is tried first where the
 * level allows it: a grade within its rules is itself a proof.
 */
export function prove(paths: Cover, width: number, height: number, proof: Proof, budget: Budget): true | Uint8Array | null {
  const clues = cluesOfCover(paths, width, height);
  if (proof.grade < 2) {
    const grader = new Search(clues, undefined, 0);
    const level = grader.grade(proof.grade);
    budget.nodes -= grader.work() + 1;
    return level <= proof.grade ? true : null;
  }
  // Most covers have a second solution, which plain search finds within a few hundred nodes;
  // a cover that is unique is proved far quicker after probing every link at the root.
  const links = linksOf(paths, width, height);
  for (const probe of [false, true]) {
    if (probe && proof.nodes === 0) break;
    if (!probe && proof.plain === false && proof.nodes > 0) continue;
    const nodes = Math.min(probe ? proof.nodes : (proof.quick ?? QUICK_NODES), budget.nodes);
    const res = searchSolutions(clues, links, nodes, probe, probe && proof.early);
    budget.nodes -= res.nodes ?? nodes;
    if (res.gaveUp) continue;
    if (res.solutions === 1) return true;
    return res.other ?? null;
  }
  return null;
}

/**
 * Cuts lines where a second solution differs from the cover until the cover is the only
 * solution (cutting never adds a solution, so each cut keeps what was proved). Null when that
 * takes more than `maxLines` lines or a proof runs out of nodes.
 */
export function repairByCount(cover: Cover, width: number, height: number, maxLines: number, proof: Proof, rng: Rng, budget: Budget, fewest = 0): Cover | null {
  let paths = cover;
  // Below `fewest` lines more cuts are wanted anyway: a cover the quick search cannot settle is cut
  // at once rather than proved.
  const quick: Proof = { grade: proof.grade, nodes: 0 };
  for (;;) {
    const bad = firstFault(paths, width);
    let cut: Cover | null;
    if (bad) cut = cutNear(paths, bad, rng);
    else {
      const res = prove(paths, width, height, paths.length < fewest ? quick : proof, budget);
      if (res === true) return paths;
      if (res === null) {
        // Too loose to settle within the proof's nodes: a cut in a long line tightens it.
        const longest = paths.reduce((a, b) => (b.length > a.length ? b : a));
        cut = cutNear(paths, rng.shuffle(longest.slice()), rng);
      } else {
        const links = linksOf(paths, width, height);
        const loose: number[] = [];
        for (let i = 0; i < links.length; i++) if (links[i] !== res[i]) loose.push(i);
        cut = cutNear(paths, rng.shuffle(loose), rng);
      }
    }
    if (!cut || cut.length > maxLines || budget.nodes <= 0) return null;
    paths = cut;
  }
}

/** Two lines whose ends touch: line `a` (from the chosen end) continues into line `b`. */
function joined(paths: Cover, a: number, atEndA: boolean, b: number, atStartB: boolean): Cover {
  const pa = atEndA ? paths[a]! : paths[a]!.slice().reverse();
  const pb = atStartB ? paths[b]! : paths[b]!.slice().reverse();
  const out = paths.filter((_, k) => k !== a && k !== b);
  out.push(pa.concat(pb));
  return out;
}

function adjacent(x: number, y: number, width: number): boolean {
  const d = Math.abs(x - y);
  return d === width || (d === 1 && Math.floor(x / width) === Math.floor(y / width));
}

/** Pairs of lines whose ends touch, as [line a, a's end is its last cell, line b, b's start is that end]. */
function joinsOf(paths: Cover, width: number): [number, boolean, number, boolean][] {
  const joins: [number, boolean, number, boolean][] = [];
  for (let a = 0; a < paths.length; a++) {
    for (let b = a + 1; b < paths.length; b++) {
      const pa = paths[a]!;
      const pb = paths[b]!;
      for (const endA of [true, false]) {
        for (const startB of [true, false]) {
          const x = endA ? pa[pa.length - 1]! : pa[0]!;
          const y = startB ? pb[0]! : pb[pb.length - 1]!;
          if (adjacent(x, y, width)) joins.push([a, endA, b, startB]);
        }
      }
    }
  }
  return joins;
}

/**
 * Fewer, longer lines from a puzzle already proved unique: joins two lines whose ends touch and
 * keeps the join only if the puzzle is still proved unique (a join can add solutions: the
 * joined line need not pass where the two ends met). Tries at most `tries` joins in all, so a
 * puzzle that resists costs little; returns the fewest lines reached. Each join that holds takes
 * one line off and costs one try, so once more than `tries` lines are over `most` the result
 * cannot be used: it stops there (a fresh attempt is no different, and the proofs left are saved).
 */
export function mergeDown(cover: Cover, width: number, height: number, target: number, proof: Proof, tries: number, rng: Rng, budget: Budget, most = Infinity): Cover {
  let paths = cover;
  while (paths.length > target && budget.nodes > 0 && tries > 0 && paths.length - most <= tries) {
    const joins = rng.shuffle(joinsOf(paths, width));
    let next: Cover | null = null;
    for (const [a, endA, b, startB] of joins) {
      if (budget.nodes <= 0 || tries <= 0 || paths.length - most > tries) break;
      const cand = joined(paths, a, endA, b, startB);
      if (firstFault(cand, width)) continue;
      tries--;
      if (prove(cand, width, height, proof, budget) === true) {
        next = cand;
        break;
      }
    }
    if (!next) break;
    paths = next;
  }
  return paths;
}

/** One way to have one line fewer; `key` names it the same way whatever else has changed. */
interface Move {
  key: string;
  make: () => Cover;
}

/**
 * Joins of touching ends and, with `rewire`, also: the end x of line a steps onto an inner
 * square z of line b and follows b to one of its ends, and the rest of b, whose new end sits
 * beside an end w of a third line c, joins c there. Three lines become two, with new ends
 * where no two ends touched.
 */
export function movesOf(paths: Cover, width: number, height: number, rewire: boolean): Move[] {
  const n = width * height;
  const moves: Move[] = joinsOf(paths, width).map((j) => {
    const pa = paths[j[0]]!;
    const pb = paths[j[2]]!;
    const x = j[1] ? pa[pa.length - 1]! : pa[0]!;
    const y = j[3] ? pb[0]! : pb[pb.length - 1]!;
    return { key: String(Math.min(x, y) * n + Math.max(x, y)), make: () => joined(paths, ...j) };
  });
  if (!rewire) return moves;
  const line = new Int32Array(n);
  const pos = new Int32Array(n);
  paths.forEach((p, k) => p.forEach((cell, i) => ((line[cell] = k), (pos[cell] = i))));
  const isEnd = (cell: number) => pos[cell] === 0 || pos[cell] === paths[line[cell]!]!.length - 1;
  for (let a = 0; a < paths.length; a++) {
    const pa = paths[a]!;
    for (const x of [pa[0]!, pa[pa.length - 1]!]) {
      for (const z of gridNeighbours(x, width, height)) {
        const b = line[z]!;
        if (b === a || isEnd(z)) continue;
        const pb = paths[b]!;
        const i = pos[z]!;
        for (const toStart of [true, false]) {
          const r = toStart ? pb[i + 1]! : pb[i - 1]!;
          for (const w of gridNeighbours(r, width, height)) {
            const c = line[w]!;
            if (c === a || c === b || !isEnd(w)) continue;
            moves.push({
              key: `${x}.${z}.${r}.${w}`,
              make: () => {
                const head = pa[pa.length - 1] === x ? pa : pa.slice().reverse();
                const part = toStart ? pb.slice(0, i + 1).reverse() : pb.slice(i);
                const rest = toStart ? pb.slice(i + 1).reverse() : pb.slice(0, i);
                const pc = paths[c]!;
                const tail = pc[0] === w ? pc : pc.slice().reverse();
                const out = paths.filter((_, k) => k !== a && k !== b && k !== c);
                out.push(head.concat(part), rest.concat(tail));
                return out;
              },
            });
          }
        }
      }
    }
  }
  return moves;
}

/** Proof costs within 1/SLACK (and 50 nodes) of each other count as the same. */
const SLACK = 10;

/** A join's proof found a second solution: it has one for good (see mergeCheapest). */
const TWO = -1;

/**
 * Like mergeDown, for puzzles proved by the exact search, but each step takes the join whose
 * proof is cheapest. What a proof costs is a property of the whole puzzle, and every later
 * proof (and check()) pays for what earlier joins made loose: joins taken at random soon leave
 * every further proof past any budget (at 20x20, stuck near 40 lines with most joins unique
 * but 10,000-30,000 nodes to prove), while always taking the cheapest keeps proofs near the
 * cost of probing the board once. With `rewire`, three lines may also become two (movesOf),
 * which goes on where no two ends touch any more.
 *
 * A join's cost seldom changes when lines elsewhere are joined, so each is remembered and the
 * joins are tried cheapest first, a new one at the cost of the last join taken; scanning stops
 * once the best proved join is about as cheap as the next one's remembered cost or the last
 * join's (within a tenth: most proofs cost the board's probing and little more). A join with a
 * second solution keeps one whatever is joined later (joining two lines of any solution at
 * their touching ends gives a solution of the joined puzzle), so it is never tried again
 * (for a rewiring this is only likely, and skipping one is safe: a move is kept only when its
 * own proof succeeds). `spend` bounds the nodes of all proofs here.
 */
export function mergeCheapest(cover: Cover, width: number, height: number, target: number, proof: Proof, spend: number, rng: Rng, budget: Budget, rewire = false): Cover {
  let paths = cover;
  const cost = new Map<string, number>();
  let left = spend;
  // What proving the puzzle costs as it is: a join near that is as cheap as joins get.
  const first = searchSolutions(cluesOfCover(paths, width, height), linksOf(paths, width, height), Math.min(proof.nodes, budget.nodes), true);
  let last = first.nodes ?? proof.nodes;
  left -= last;
  budget.nodes -= last;
  // A puzzle already past the proofs' limit only gets dearer with fewer lines.
  if (first.gaveUp) return paths;
  // A join much dearer than the board's probing would make every later proof dearer too, so
  // proofs may first take twice the last one; only when no join is proved within that, more.
  let grow = 2;
  while (paths.length > target && left > 0 && budget.nodes > 0) {
    const limit = Math.min(proof.nodes, grow * last + 100);
    let gaveUp = false;
    const joins = rng
      .shuffle(movesOf(paths, width, height, rewire))
      .map((m) => ({ ...m, est: cost.get(m.key) ?? last }))
      .filter((c) => c.est !== TWO)
      .sort((p, q) => p.est - q.est);
    let best: Cover | null = null;
    let bestCost = Infinity;
    for (const { make, key: k, est } of joins) {
      // The last join's cost stands for the board's probing, which every proof pays.
      const par = Math.max(est, last);
      if (best && bestCost <= par + par / SLACK + 50) break;
      if (left <= 0 || budget.nodes <= 0) break;
      const cand = make();
      if (firstFault(cand, width)) continue;
      const nodes = Math.min(limit, left, budget.nodes);
      const res = searchSolutions(cluesOfCover(cand, width, height), linksOf(cand, width, height), nodes, true, proof.early);
      const used = res.nodes ?? nodes;
      left -= used;
      budget.nodes -= used;
      // A proof that looked hopeless would look so again with more nodes: not tried again.
      if (res.hopeless) cost.set(k, TWO);
      else if (res.gaveUp) {
        gaveUp = true;
        if (!(cost.get(k)! > nodes)) cost.set(k, nodes + 1);
      } else if (res.solutions !== 1) cost.set(k, TWO);
      else {
        cost.set(k, used);
        if (used < bestCost) {
          best = cand;
          bestCost = used;
        }
      }
    }
    if (!best) {
      if (!gaveUp || limit >= proof.nodes) break;
      grow *= 2;
      continue;
    }
    paths = best;
    last = bestCost;
    grow = 2;
  }
  return paths;
}

/**
 * More lines for free: cutting a line of a unique puzzle keeps it unique (joining the halves
 * of any solution of the cut puzzle would solve the uncut one). Null if no cut keeps the rules.
 */
export function cutUp(cover: Cover, width: number, lines: number, rng: Rng): Cover | null {
  let paths = cover;
  for (let tries = 0; paths.length < lines; tries++) {
    if (tries > 50) return null;
    const cut = cutNear(paths, rng.shuffle(paths.flat()).slice(0, 8), rng);
    if (cut && !firstFault(cut, width)) paths = cut;
  }
  return paths;
}
