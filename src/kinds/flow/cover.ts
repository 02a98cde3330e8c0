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
  const owner = new Int32Array(n);
  const paths = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    owner[i] = i;
    paths.set(i, [i]);
  }
  let nextId = n;
  const join = (id: number, e: number, qid: number, nb: number) => {
    const p = paths.get(id)!;
    const q = paths.get(qid)!;
    const a = p[p.length - 1] === e ? p : p.slice().reverse();
    const b = q[0] === nb ? q : q.slice().reverse();
    paths.delete(qid);
    paths.set(id, a.concat(b));
    for (const cell of b) owner[cell] = id;
  };
  for (let budget = 8 * n; budget > 0; budget--) {
    const short = [...paths.values()].some((p) => p.length < 3);
    if (paths.size <= count && !short) return [...paths.values()];
    const ids = [...paths.keys()];
    let id: number;
    if (rng.chance(0.75)) {
      let best = Infinity;
      const shortest: number[] = [];
      for (const k of ids) {
        const len = paths.get(k)!.length;
        if (len < best) (best = len), (shortest.length = 0);
        if (len === best) shortest.push(k);
      }
      id = rng.pick(shortest);
    } else id = rng.pick(ids);
    const p = paths.get(id)!;
    const ends = p.length === 1 ? [p[0]!] : [p[0]!, p[p.length - 1]!];
    let joins: [number, number][] = []; // [end of p, end of another line]
    let fewest = Infinity;
    const steals: [number, number][] = []; // [end of p, inner cell of another line]
    for (const e of ends) {
      for (const nb of gridNeighbours(e, width, height)) {
        const q = paths.get(owner[nb]!)!;
        if (q === p) continue;
        if (q[0] !== nb && q[q.length - 1] !== nb) {
          steals.push([e, nb]);
          continue;
        }
        if (paths.size <= count) continue;
        const t = touches(p, id, owner[nb]!, e, nb, owner, width, height);
        if (t < 0 || t > fewest) continue;
        if (t < fewest) (fewest = t), (joins = []);
        joins.push([e, nb]);
      }
    }
    if (joins.length > 0) {
      const [e, nb] = rng.pick(joins);
      join(id, e, owner[nb]!, nb);
    } else if (steals.length > 0) {
      const [e, x] = rng.pick(steals);
      const qid = owner[x]!;
      const q = paths.get(qid)!;
      const j = q.indexOf(x);
      // Keep the part of q that ends at x for p; the rest becomes a new line.
      const [kept, rest] = rng.chance(0.5) ? [q.slice(0, j + 1), q.slice(j + 1)] : [q.slice(j), q.slice(0, j)];
      paths.set(qid, kept);
      const rid = nextId++;
      paths.set(rid, rest);
      for (const cell of rest) owner[cell] = rid;
      if (touches(p, id, qid, e, x, owner, width, height) >= 0) join(id, e, qid, x);
    }
  }
  return null;
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
  height: number,
): number {
  const same = (x: number) => owner[x] === pid || owner[x] === qid;
  let count = 0;
  for (const cell of p) {
    for (const x of gridNeighbours(cell, width, height)) {
      if (owner[x] !== qid || (cell === e && x === nb)) continue;
      count++;
      // The two 2x2 blocks that contain both cells.
      const horizontal = Math.abs(cell - x) === 1;
      for (const side of horizontal ? [-width, width] : [-1, 1]) {
        const a = cell + side;
        const b = x + side;
        if (!horizontal && Math.floor(a / width) !== Math.floor(cell / width)) continue;
        if (a < 0 || b < 0 || a >= owner.length || b >= owner.length) continue;
        if (same(a) && same(b)) return -1;
      }
    }
  }
  // The join itself can also close a 2x2 block.
  const horizontal = Math.abs(e - nb) === 1;
  for (const side of horizontal ? [-width, width] : [-1, 1]) {
    const a = e + side;
    const b = nb + side;
    if (!horizontal && Math.floor(a / width) !== Math.floor(e / width)) continue;
    if (a < 0 || b < 0 || a >= owner.length || b >= owner.length) continue;
    if (same(a) && same(b)) return -1;
  }
  return count;
}
