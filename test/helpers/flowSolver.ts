/**
 * A second Flow solver for the tests, deliberately unlike the product's frontier DP: it grows
 * lines from both of their ends, one square at a time, always at the tip with the fewest
 * choices, and counts complete fillings (up to `limit`). Lines may run beside themselves.
 */
export interface Puzzle {
  width: number;
  height: number;
  ends: [number, number][][]; // per line: its two [row, col] ends
}

export function countFillings(p: Puzzle, limit = 2, maxNodes = 20_000_000): number {
  const { width: W, height: H } = p;
  const n = W * H;
  const colour = new Int32Array(n); // 0 free, k+1 for line k
  const tips: number[][] = []; // per line: its two growing tips
  const done: boolean[] = [];
  p.ends.forEach(([a, b], k) => {
    const ia = a![0]! * W + a![1]!;
    const ib = b![0]! * W + b![1]!;
    colour[ia] = k + 1;
    colour[ib] = k + 1;
    tips.push([ia, ib]);
    done.push(false);
  });
  const nbs: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / W);
    const c = i % W;
    const l: number[] = [];
    if (r > 0) l.push(i - W);
    if (r < H - 1) l.push(i + W);
    if (c > 0) l.push(i - 1);
    if (c < W - 1) l.push(i + 1);
    nbs.push(l);
  }
  let found = 0;
  let nodes = 0;
  const tipAt = new Map<number, [number, number]>(); // cell -> [line, side]
  const rebuildTips = () => {
    tipAt.clear();
    tips.forEach((t, k) => {
      if (done[k]) return;
      tipAt.set(t[0]!, [k, 0]);
      tipAt.set(t[1]!, [k, 1]);
    });
  };

  const moves = (k: number, side: number): number[] => {
    const other = tips[k]![1 - side]!;
    return nbs[tips[k]![side]!]!.filter((x) => colour[x] === 0 || x === other);
  };

  /** Every free square can still get two links; every line's tips meet within one free region. */
  const alive = (): boolean => {
    rebuildTips();
    for (let i = 0; i < n; i++) {
      if (colour[i] !== 0) continue;
      let open = 0;
      for (const x of nbs[i]!) if (colour[x] === 0 || tipAt.has(x)) open++;
      if (open < 2) return false;
    }
    const region = new Int32Array(n).fill(-1);
    let regions = 0;
    for (let i = 0; i < n; i++) {
      if (colour[i] !== 0 || region[i]! >= 0) continue;
      const stack = [i];
      region[i] = regions;
      while (stack.length) {
        const y = stack.pop()!;
        for (const x of nbs[y]!) if (colour[x] === 0 && region[x]! < 0) (region[x] = regions), stack.push(x);
      }
      regions++;
    }
    const fed = new Uint8Array(regions);
    for (let k = 0; k < tips.length; k++) {
      if (done[k]) continue;
      const [a, b] = tips[k] as [number, number];
      const touch = (cell: number) => new Set(nbs[cell]!.filter((x) => colour[x] === 0).map((x) => region[x]!));
      const from = touch(a);
      const to = touch(b);
      const shared = [...from].filter((g) => to.has(g));
      if (!nbs[a]!.includes(b) && shared.length === 0) return false;
      for (const g of shared) fed[g] = 1;
    }
    return fed.every((f) => f === 1);
  };

  const search = (): void => {
    if (found >= limit) return;
    if (++nodes > maxNodes) throw new Error('test solver: node budget exceeded');
    rebuildTips();
    let pick: [number, number] | null = null;
    let pickMoves: number[] = [];
    // A free square with just two ways in must take both, so a tip next to it must go there.
    const forced = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      if (colour[i] !== 0) continue;
      const open = nbs[i]!.filter((x) => colour[x] === 0 || tipAt.has(x));
      if (open.length !== 2) continue;
      for (const x of open) {
        const t = tipAt.get(x);
        if (!t) continue;
        const key = t.join();
        if (forced.has(key) && forced.get(key) !== i) return;
        forced.set(key, i);
        pick = t;
        pickMoves = [i];
      }
    }
    if (!pick) {
      for (let k = 0; k < tips.length; k++) {
        if (done[k]) continue;
        for (const side of [0, 1]) {
          const m = moves(k, side);
          if (m.length === 0) return;
          if (!pick || m.length < pickMoves.length) (pick = [k, side]), (pickMoves = m);
        }
      }
    }
    if (!pick) {
      if (!colour.includes(0)) found++;
      return;
    }
    const [k, side] = pick;
    const from = tips[k]![side]!;
    for (const x of pickMoves) {
      if (x === tips[k]![1 - side]) {
        done[k] = true;
        if (alive()) search();
        done[k] = false;
      } else {
        colour[x] = k + 1;
        tips[k]![side] = x;
        if (alive()) search();
        tips[k]![side] = from;
        colour[x] = 0;
      }
      if (found >= limit) return;
    }
  };
  if (alive()) search();
  return found;
}

export interface Effort {
  /** 0, 1, ... up to `limit`. */
  solutions: number;
  /** Squares placed, forced or guessed: the work a plain solver does. */
  nodes: number;
  /** True when `maxNodes` ran out before the search finished. */
  gaveUp: boolean;
}

/**
 * A plain depth-first Flow solver that reports its work, written apart from the product's code
 * so it can judge how hard the puzzles are. Every step puts one square on a line, at a tip; a step
 * is forced when a tip has one way on or an empty square has two ways in, one of them a tip.
 * Otherwise it tries each way of the tip with fewest. A branch dies when an empty square has
 * fewer than two ways in, a line's tips can no longer meet, or some empty area no line can reach.
 * `nodes` counts every step, so a puzzle of forced moves costs about its number of squares.
 */
export function solveEffort(p: Puzzle, limit = 2, maxNodes = 50_000_000): Effort {
  const { width: W, height: H } = p;
  const n = W * H;
  const K = p.ends.length;
  const colour = new Int32Array(n);
  const tip = new Int32Array(2 * K); // tip[2k + side]
  const done = new Uint8Array(K);
  const tipLine = new Int32Array(n).fill(-1); // cell -> 2k + side of an open tip
  p.ends.forEach(([a, b], k) => {
    tip[2 * k] = a![0]! * W + a![1]!;
    tip[2 * k + 1] = b![0]! * W + b![1]!;
    colour[tip[2 * k]!] = k + 1;
    colour[tip[2 * k + 1]!] = k + 1;
  });
  const nb = new Int32Array(4 * n).fill(-1);
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / W);
    const c = i % W;
    if (r > 0) nb[4 * i] = i - W;
    if (r < H - 1) nb[4 * i + 1] = i + W;
    if (c > 0) nb[4 * i + 2] = i - 1;
    if (c < W - 1) nb[4 * i + 3] = i + 1;
  }
  const region = new Int32Array(n);
  const stack = new Int32Array(n);
  const fed = new Uint8Array(n);
  let found = 0;
  let nodes = 0;
  let gaveUp = false;

  const markTips = () => {
    tipLine.fill(-1);
    for (let k = 0; k < K; k++) {
      if (done[k]) continue;
      tipLine[tip[2 * k]!] = 2 * k;
      tipLine[tip[2 * k + 1]!] = 2 * k + 1;
    }
  };

  /** The ways on from tip t (2k + side): empty squares, or the line's other tip. */
  const movesOf = (t: number, out: number[]): void => {
    out.length = 0;
    const at = tip[t]!;
    const other = tip[t ^ 1]!;
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * at + d]!;
      if (x >= 0 && (colour[x] === 0 || x === other)) out.push(x);
    }
  };

  /** False when this position has no solution for one of the simple reasons above. */
  const alive = (): boolean => {
    region.fill(-1);
    let regions = 0;
    for (let i = 0; i < n; i++) {
      if (colour[i] !== 0) continue;
      let open = 0;
      for (let d = 0; d < 4; d++) {
        const x = nb[4 * i + d]!;
        if (x >= 0 && (colour[x] === 0 || tipLine[x]! >= 0)) open++;
      }
      if (open < 2) return false;
      if (region[i]! >= 0) continue;
      let sp = 0;
      stack[sp++] = i;
      region[i] = regions;
      while (sp > 0) {
        const y = stack[--sp]!;
        for (let d = 0; d < 4; d++) {
          const x = nb[4 * y + d]!;
          if (x >= 0 && colour[x] === 0 && region[x]! < 0) {
            region[x] = regions;
            stack[sp++] = x;
          }
        }
      }
      regions++;
    }
    fed.fill(0, 0, regions);
    for (let k = 0; k < K; k++) {
      if (done[k]) continue;
      const a = tip[2 * k]!;
      const b = tip[2 * k + 1]!;
      let meet = false;
      for (let d = 0; d < 4; d++) {
        const x = nb[4 * a + d]!;
        if (x < 0) continue;
        if (x === b) meet = true;
        else if (colour[x] === 0) {
          const g = region[x]!;
          for (let e = 0; e < 4; e++) {
            const y = nb[4 * b + e]!;
            if (y >= 0 && colour[y] === 0 && region[y] === g) {
              meet = true;
              fed[g] = 1;
            }
          }
        }
      }
      if (!meet) return false;
    }
    for (let g = 0; g < regions; g++) if (!fed[g]) return false;
    return true;
  };

  const step = (t: number, x: number): void => {
    const k = t >> 1;
    if (x === tip[t ^ 1]) {
      done[k] = 1;
      markTips();
      if (alive()) search();
      done[k] = 0;
    } else {
      const from = tip[t]!;
      colour[x] = k + 1;
      tip[t] = x;
      markTips();
      if (alive()) search();
      tip[t] = from;
      colour[x] = 0;
    }
    markTips();
  };

  const moves: number[] = [];
  const search = (): void => {
    if (found >= limit || gaveUp) return;
    if (++nodes > maxNodes) {
      gaveUp = true;
      return;
    }
    // An empty square with two ways in takes both, so a tip beside it must step into it.
    for (let i = 0; i < n; i++) {
      if (colour[i] !== 0) continue;
      let open = 0;
      let t = -1;
      for (let d = 0; d < 4; d++) {
        const x = nb[4 * i + d]!;
        if (x < 0 || (colour[x] !== 0 && tipLine[x]! < 0)) continue;
        open++;
        if (tipLine[x]! >= 0) t = tipLine[x]!;
      }
      if (open === 2 && t >= 0) return step(t, i);
    }
    let best = -1;
    let bestMoves: number[] = [];
    for (let t = 0; t < 2 * K; t++) {
      if (done[t >> 1]) continue;
      movesOf(t, moves);
      if (moves.length === 0) return;
      if (best < 0 || moves.length < bestMoves.length) {
        best = t;
        bestMoves = moves.slice();
        if (moves.length === 1) break;
      }
    }
    if (best < 0) {
      if (!colour.includes(0)) found++;
      return;
    }
    for (const x of bestMoves) {
      step(best, x);
      if (found >= limit || gaveUp) return;
    }
  };
  markTips();
  if (alive()) search();
  return { solutions: found, nodes, gaveUp };
}
