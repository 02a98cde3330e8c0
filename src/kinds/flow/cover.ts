import type { Rng } from '../../core/rng.js';
import { DOWN, RIGHT } from './solver.js';
import { gridNeighbours } from '../../core/grid.js';

/** Cells are row-major indices r * width + c; a cover is a list of paths that use every cell once. */
export type Cover = number[][];


/**
 * A random Hamiltonian path by backbite moves from a zigzag: each move joins an end to one of its
 * grid neighbours and reverses the loose part, which mixes well and never gets stuck.
 */
export function hamiltonianPath(width: number, height: number, rng: Rng): number[] {
  const path: number[] = [];
  for (let r = 0; r < height; r++) {
    for (let k = 0; k < width; k++) path.push(r * width + (r % 2 ? width - 1 - k : k));
  }
  const pos = new Int32Array(width * height);
  path.forEach((cell, i) => (pos[cell] = i));
  const n = path.length;
  const moves = 20 * n;
  for (let m = 0; m < moves; m++) {
    if (rng.chance(0.5)) {
      const nb = rng.pick(gridNeighbours(path[0]!, width, height));
      const k = pos[nb]!;
      if (k <= 1) continue;
      reverse(path, pos, 0, k - 1);
    } else {
      const nb = rng.pick(gridNeighbours(path[n - 1]!, width, height));
      const k = pos[nb]!;
      if (k >= n - 2) continue;
      reverse(path, pos, k + 1, n - 1);
    }
  }
  return path;
}

function reverse(path: number[], pos: Int32Array, a: number, b: number): void {
  for (; a < b; a++, b--) {
    const t = path[a]!;
    path[a] = path[b]!;
    path[b] = t;
    pos[path[a]!] = a;
    pos[path[b]!] = b;
  }
}

/** Cuts a path into `count` pieces of at least `min` cells, at random places. */
export function cutPath(path: number[], count: number, min: number, rng: Rng): Cover {
  const spare = path.length - count * min;
  if (spare < 0) throw new Error(`cannot cut ${path.length} cells into ${count} lines`);
  // Random composition of the spare cells into `count` parts: stars and bars.
  const bars = new Set<number>();
  while (bars.size < count - 1) bars.add(rng.int(0, spare + count - 2));
  const sorted = [...bars].sort((a, b) => a - b);
  const lengths: number[] = [];
  let last = -1;
  for (const b of [...sorted, spare + count - 1]) {
    lengths.push(min + (b - last - 1));
    last = b;
  }
  const out: Cover = [];
  let at = 0;
  for (const len of lengths) {
    out.push(path.slice(at, at + len));
    at += len;
  }
  return out;
}

/** RIGHT/DOWN links of a cover, as the solver reports solutions. */
export function linksOf(cover: Cover, width: number, height: number): Uint8Array {
  const links = new Uint8Array(width * height);
  for (const p of cover) {
    for (let j = 1; j < p.length; j++) {
      const a = Math.min(p[j - 1]!, p[j]!);
      const b = Math.max(p[j - 1]!, p[j]!);
      links[a] |= b === a + 1 ? RIGHT : DOWN;
    }
  }
  return links;
}

/**
 * A random cover by `count` lines that seldom run beside themselves, grown by joining lines end
 * to end from single cells, shortest first so lines stay long enough. When a line's ends are
 * boxed in, it takes over part of a neighbouring line instead (the remainder becomes a line of
 * its own), which frees the grid up. Returns null if `count` is not reached within the budget.
 * Lines that rarely touch themselves leave the solver far fewer alternatives than the meanders
 * of a cut Hamiltonian path, so fewer repairs are needed to make the puzzle unique.
 */
export function growCover(width: number, height: number, count: number, rng: Rng): Cover | null {
  const n = width * height;
  const around = neighbourTable(width, height);
  const owner = new Int32Array(n);
  // Lines by id, and the ids in use in the order they were made (a join keeps the first line's
  // place), the order picks draw from. Arrays, not a Map: looking lines up was most of the time.
  const paths: number[][] = [];
  const live: number[] = [];
  for (let i = 0; i < n; i++) {
    owner[i] = i;
    paths.push([i]);
    live.push(i);
  }
  // Lines grow in place (each array belongs to one line): copying them at every join was a
  // fifth of the time and most of the garbage.
  const join = (id: number, e: number, qid: number, nb: number) => {
    const p = paths[id]!;
    const q = paths[qid]!;
    if (p[p.length - 1] !== e) p.reverse();
    if (q[0] === nb) for (let j = 0; j < q.length; j++) p.push(q[j]!), (owner[q[j]!] = id);
    else for (let j = q.length - 1; j >= 0; j--) p.push(q[j]!), (owner[q[j]!] = id);
    live.splice(live.indexOf(qid), 1);
  };
  // Scratch lists, emptied at each step: [end of p, end of another line] and [end of p, inner cell
  // of another line] pairs, flattened, and picked from as Rng.pick picks from a list of pairs.
  const shortest = new Int32Array(n);
  const joins: number[] = [];
  const steals: number[] = [];
  const pickPair = (pairs: number[]) => 2 * rng.int(0, pairs.length / 2 - 1);
  for (let budget = 8 * n; budget > 0; budget--) {
    if (live.length <= count && !hasShort(paths, live)) return live.map((k) => paths[k]!);
    let id: number;
    if (rng.chance(0.75)) {
      let best = Infinity;
      let found = 0;
      for (let k = 0; k < live.length; k++) {
        const len = paths[live[k]!]!.length;
        if (len < best) (best = len), (found = 0);
        if (len === best) shortest[found++] = live[k]!;
      }
      id = shortest[rng.int(0, found - 1)]!;
    } else id = live[rng.int(0, live.length - 1)]!;
    const p = paths[id]!;
    joins.length = 0;
    steals.length = 0;
    let fewest = Infinity;
    for (let end = 0; end < (p.length === 1 ? 1 : 2); end++) {
      const e = end ? p[p.length - 1]! : p[0]!;
      for (const nb of around[e]!) {
        const qid = owner[nb]!;
        if (qid === id) continue;
        const q = paths[qid]!;
        if (q[0] !== nb && q[q.length - 1] !== nb) {
          steals.push(e, nb);
          continue;
        }
        if (live.length <= count) continue;
        const t = touches(p, id, qid, e, nb, owner, width, around);
        if (t < 0 || t > fewest) continue;
        if (t < fewest) (fewest = t), (joins.length = 0);
        joins.push(e, nb);
      }
    }
    if (joins.length > 0) {
      const j = pickPair(joins);
      const nb = joins[j + 1]!;
      join(id, joins[j]!, owner[nb]!, nb);
    } else if (steals.length > 0) {
      const j = pickPair(steals);
      const e = steals[j]!;
      const x = steals[j + 1]!;
      const qid = owner[x]!;
      const q = paths[qid]!;
      const at = q.indexOf(x);
      // Keep the part of q that ends at x for p; the rest becomes a new line. The side drawn is
      // tried first, then the other: three steals in four drew a side whose join would fill a
      // 2x2 block, which left one line more and no join (at 10x10, 4-6 lines, covers were made
      // in 16-76% of tries, now 45-98%).
      const drawn = rng.chance(0.5);
      const rid = paths.length;
      let side = drawn;
      let fits = false;
      for (const s of [drawn, !drawn]) {
        const from = s ? at + 1 : 0;
        const to = s ? q.length : at;
        for (let j = from; j < to; j++) owner[q[j]!] = rid;
        if (touches(p, id, qid, e, x, owner, width, around) >= 0) {
          side = s;
          fits = true;
          break;
        }
        for (let j = from; j < to; j++) owner[q[j]!] = qid;
      }
      // q keeps the first part in place; the second is copied out.
      const tail = side ? q.slice(at + 1) : q.slice(at);
      q.length = side ? at + 1 : at;
      const [kept, rest] = side ? [q, tail] : [tail, q];
      paths[qid] = kept;
      paths.push(rest);
      live.push(rid);
      for (const cell of rest) owner[cell] = rid;
      if (fits) join(id, e, qid, x);
    }
  }
  return null;
}

function hasShort(paths: number[][], live: number[]): boolean {
  for (const k of live) if (paths[k]!.length < 3) return true;
  return false;
}

/**
 * Each cell's grid neighbours, kept per grid size: covers are grown many times a puzzle, and making
 * the lists afresh at every step was a third of the garbage a README batch made.
 */
const neighbourTables = new Map<string, readonly (readonly number[])[]>();

function neighbourTable(width: number, height: number): readonly (readonly number[])[] {
  const key = `${width}x${height}`;
  let table = neighbourTables.get(key);
  if (!table) {
    table = Array.from({ length: width * height }, (_, i) => gridNeighbours(i, width, height));
    neighbourTables.set(key, table);
  }
  return table;
}

/**
 * How often line p would touch itself if joined to line `qid` at p's end e and q's end nb
 * (0: never), or -1 if the joined line would fill a 2x2 block.
 */
function touches(
  p: number[],
  pid: number,
  qid: number,
  e: number,
  nb: number,
  owner: Int32Array,
  width: number,
  around: readonly (readonly number[])[],
): number {
  let count = 0;
  for (const cell of p) {
    for (const x of around[cell]!) {
      if (owner[x] !== qid || (cell === e && x === nb)) continue;
      count++;
      if (closesBlock(cell, x, pid, qid, owner, width)) return -1;
    }
  }
  // The join itself can also close a 2x2 block.
  return closesBlock(e, nb, pid, qid, owner, width) ? -1 : count;
}

/** Whether one of the two 2x2 blocks holding neighbours `cell` and `x` lies wholly in lines pid and qid. */
function closesBlock(cell: number, x: number, pid: number, qid: number, owner: Int32Array, width: number): boolean {
  const horizontal = Math.abs(cell - x) === 1;
  for (let k = 0; k < 2; k++) {
    const side = horizontal ? (k ? width : -width) : k ? 1 : -1;
    const a = cell + side;
    const b = x + side;
    if (!horizontal && Math.floor(a / width) !== Math.floor(cell / width)) continue;
    if (a < 0 || b < 0 || a >= owner.length || b >= owner.length) continue;
    const oa = owner[a];
    const ob = owner[b];
    if ((oa === pid || oa === qid) && (ob === pid || ob === qid)) return true;
  }
  return false;
}
