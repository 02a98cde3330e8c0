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
