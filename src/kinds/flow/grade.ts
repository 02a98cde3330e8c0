import type { Clues } from './model.js';

/**
 * How a person would get on: 0 = forced moves alone finish it, 1 = also needs trying one link
 * and seeing it fail at once, 2 = needs more than that. Forced moves are the local rules a
 * pupil uses: a square needs two links (an end one), lines of different numbers never meet,
 * and a line never closes on itself.
 */
export function grade(clues: Clues): number {
  const g = new Board(clues);
  if (!g.propagate()) return 2;
  if (g.solved()) return 0;
  for (let progress = true; progress; ) {
    progress = false;
    for (let e = 0; e < g.edges.length; e++) {
      if (g.state[e] !== UNKNOWN) continue;
      for (const guess of [ON, OFF]) {
        const trial = g.copy();
        trial.state[e] = guess;
        if (!trial.propagate()) {
          g.state[e] = guess === ON ? OFF : ON;
          if (!g.propagate()) return 2;
          progress = true;
          break;
        }
      }
      if (g.solved()) return 1;
    }
  }
  return 2;
}

const UNKNOWN = -1;
const OFF = 0;
const ON = 1;

class Board {
  edges: [number, number][] = [];
  incident: number[][] = [];
  state: Int8Array;

  constructor(readonly clues: Clues, from?: Board) {
    if (from) {
      this.edges = from.edges;
      this.incident = from.incident;
      this.state = from.state.slice();
      return;
    }
    const { width: W, height: H } = clues;
    for (let i = 0; i < W * H; i++) this.incident.push([]);
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        const i = r * W + c;
        if (c < W - 1) this.add(i, i + 1);
        if (r < H - 1) this.add(i, i + W);
      }
    }
    this.state = new Int8Array(this.edges.length).fill(UNKNOWN);
  }

  private add(a: number, b: number): void {
    this.incident[a]!.push(this.edges.length);
    this.incident[b]!.push(this.edges.length);
    this.edges.push([a, b]);
  }

  copy(): Board {
    return new Board(this.clues, this);
  }

  solved(): boolean {
    return !this.state.includes(UNKNOWN);
  }

  /** Applies forced moves until none is left; false on a contradiction. */
  propagate(): boolean {
    const cells = this.clues.cells;
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = 0; i < cells.length; i++) {
        const need = cells[i] ? 1 : 2;
        let on = 0;
        let open = 0;
        for (const e of this.incident[i]!) {
          if (this.state[e] === ON) on++;
          else if (this.state[e] === UNKNOWN) open++;
        }
        if (on > need || on + open < need) return false;
        if (open === 0) continue;
        if (on === need || on + open === need) {
          const to = on === need ? OFF : ON;
          for (const e of this.incident[i]!) if (this.state[e] === UNKNOWN) this.state[e] = to;
          changed = true;
        }
      }
      const parent = Int32Array.from({ length: cells.length }, (_, i) => i);
      const find = (x: number): number => {
        while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
        return x;
      };
      for (let e = 0; e < this.edges.length; e++) {
        if (this.state[e] !== ON) continue;
        const a = find(this.edges[e]![0]);
        const b = find(this.edges[e]![1]);
        if (a === b) return false; // a closed loop
        parent[a] = b;
      }
      const colour = new Int32Array(cells.length);
      for (let i = 0; i < cells.length; i++) {
        if (!cells[i]) continue;
        const root = find(i);
        if (colour[root] && colour[root] !== cells[i]) return false;
        colour[root] = cells[i]!;
      }
      for (let e = 0; e < this.edges.length; e++) {
        if (this.state[e] !== UNKNOWN) continue;
        const a = find(this.edges[e]![0]);
        const b = find(this.edges[e]![1]);
        if (a === b || (colour[a] && colour[b] && colour[a] !== colour[b])) {
          this.state[e] = OFF;
          changed = true;
        }
      }
    }
    return true;
  }
}
