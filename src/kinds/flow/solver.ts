import type { Clues } from './model.js';

/** Per cell: RIGHT if the line continues to the cell on the right, DOWN if to the cell below. */
export const RIGHT = 1;
export const DOWN = 2;

export interface Count {
  /** 0, 1, or 2 meaning "two or more". */
  solutions: number;
  /** A solution other than `known` (when one was given and another exists), as RIGHT/DOWN links. */
  other?: Uint8Array;
  /** True when the search stopped at `maxStates` before finishing: nothing is proven. */
  gaveUp?: boolean;
  /** With gaveUp: the search stopped early because it looked hopeless (see search.ts). */
  hopeless?: boolean;
  /** Work done, in search nodes, when the search did the count. */
  nodes?: number;
}

interface Entry {
  plugs: Uint8Array; // width vertical plugs, the one horizontal plug, then room for the key flag
  differs: boolean; // links so far differ from `known`
  count: number; // saturates at 2
  prev: Entry | null;
  links: number; // what this step chose for its cell
}

/**
 * Counts solutions (up to two) under the rules children play by: every cell on a line, a line
 * may run beside itself, no closed loops. A frontier DP over cells in row-major order: the state
 * is the set of line ends crossing the frontier, each labelled with its colour or, for a piece
 * not yet joined to any endpoint, a shared "floating" id. The DP is exact, so this is a proof.
 *
 * With `known` (a solution), a state also records whether it has left `known`; since only one
 * state follows `known` exactly, this costs nothing and yields a second solution to repair.
 */
export function countSolutions(clues: Clues, known?: Uint8Array, maxStates = 2_000_000): Count {
  if (clues.width > clues.height) {
    const t = transposeClues(clues);
    const res = countSolutions(t, known && transposeLinks(known, clues.width, clues.height), maxStates);
    if (res.other) res.other = transposeLinks(res.other, t.width, t.height);
    return res;
  }
  const { width: W, height: H, colours: K } = clues;
  const cells = clues.cells;
  const floatBase = K + 1;
  let layer = new Map<string, Entry>();
  layer.set(keyOf(new Uint8Array(W + 2), false), {
    plugs: new Uint8Array(W + 2),
    differs: false,
    count: 1,
    prev: null,
    links: 0,
  });
  const scratch = new Uint8Array(W + 2);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const i = r * W + c;
      const end = cells[i]!;
      const canDown = r < H - 1;
      const canRight = c < W - 1;
      const want = known ? known[i]! : -1;
      const next = new Map<string, Entry>();
      const emit = (from: Entry, plugs: Uint8Array, down: number, right: number): void => {
        plugs[c] = down;
        plugs[W] = right;
        normalise(plugs, floatBase);
        const links = (right ? RIGHT : 0) | (down ? DOWN : 0);
        const differs = from.differs || (want >= 0 && links !== want);
        const key = keyOf(plugs, differs);
        const had = next.get(key);
        if (had) had.count = Math.min(2, had.count + from.count);
        else next.set(key, { plugs: plugs.slice(), differs, count: from.count, prev: from, links });
      };
      for (const e of layer.values()) {
        const up = e.plugs[c]!;
        const left = e.plugs[W]!;
        if (end) {
          if (up && left) continue;
          if (up || left) {
            scratch.set(e.plugs);
            if (!closeAt(scratch, up || left, end, c, W, floatBase)) continue;
            emit(e, scratch, 0, 0);
          } else {
            if (canDown) emit(e, copy(scratch, e.plugs), end, 0);
            if (canRight) emit(e, copy(scratch, e.plugs), 0, end);
          }
        } else if (up && left) {
          scratch.set(e.plugs);
          if (!join(scratch, up, left, c, W, floatBase)) continue;
          emit(e, scratch, 0, 0);
        } else if (up || left) {
          const p = up || left;
          if (canDown) emit(e, copy(scratch, e.plugs), p, 0);
          if (canRight) emit(e, copy(scratch, e.plugs), 0, p);
        } else if (canDown && canRight) {
          emit(e, copy(scratch, e.plugs), 255, 255); // a new floating piece; normalise renames it
        }
      }
      layer = next;
      if (layer.size > maxStates) return { solutions: 0, gaveUp: true };
    }
  }
  let solutions = 0;
  let other: Entry | undefined;
  for (const e of layer.values()) {
    solutions = Math.min(2, solutions + e.count);
    if (e.differs) other = e;
  }
  if (!known || !other) return { solutions };
  const links = new Uint8Array(W * H);
  let at: Entry | null = other;
  for (let i = W * H - 1; i >= 0 && at; i--, at = at.prev) links[i] = at.links;
  return { solutions, other: links };
}

function copy(into: Uint8Array, from: Uint8Array): Uint8Array {
  into.set(from);
  return into;
}

/** A line end `p` arrives at an endpoint of colour `end`. */
function closeAt(plugs: Uint8Array, p: number, end: number, c: number, W: number, floatBase: number): boolean {
  plugs[c] = 0;
  plugs[W] = 0;
  if (p < floatBase) return p === end;
  return recolour(plugs, p, end);
}

/** Two line ends meet in a cell. */
function join(plugs: Uint8Array, a: number, b: number, c: number, W: number, floatBase: number): boolean {
  plugs[c] = 0;
  plugs[W] = 0;
  if (a < floatBase && b < floatBase) return a === b;
  if (a === b) return false; // both ends of one floating piece: a closed loop
  if (a < floatBase) return recolour(plugs, b, a);
  return recolour(plugs, a, b);
}

/** The other end of floating piece `id` takes label `to`. */
function recolour(plugs: Uint8Array, id: number, to: number): boolean {
  for (let j = 0; j < plugs.length; j++) {
    if (plugs[j] === id) {
      plugs[j] = to;
      return true;
    }
  }
  return false;
}

const rename = new Uint8Array(256);

/** Floating ids renamed in order of appearance so equal frontiers get equal keys. */
function normalise(plugs: Uint8Array, floatBase: number): void {
  let nextId = floatBase;
  rename.fill(0, floatBase);
  for (let j = 0; j < plugs.length; j++) {
    const p = plugs[j]!;
    if (p < floatBase) continue;
    if (!rename[p]) rename[p] = nextId++;
    plugs[j] = rename[p]!;
  }
}

function keyOf(plugs: Uint8Array, differs: boolean): string {
  plugs[plugs.length - 1] = differs ? 1 : 0;
  return String.fromCharCode.apply(null, plugs as unknown as number[]);
}

function transposeClues(cl: Clues): Clues {
  const cells = new Uint8Array(cl.cells.length);
  for (let r = 0; r < cl.height; r++) {
    for (let c = 0; c < cl.width; c++) cells[c * cl.height + r] = cl.cells[r * cl.width + c]!;
  }
  return { width: cl.height, height: cl.width, colours: cl.colours, cells };
}

/** Links of a width x height grid, as links of its transpose (RIGHT and DOWN swap). */
export function transposeLinks(links: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(links.length);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const l = links[r * width + c]!;
      out[c * height + r] = (l & RIGHT ? DOWN : 0) | (l & DOWN ? RIGHT : 0);
    }
  }
  return out;
}
