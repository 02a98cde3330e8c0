/**
 * The reasoning a pupil uses on a Flow grid part-way through, for worked solutions. It knows only
 * the dots and the lines drawn so far (never the answer), so every move it finds is sure:
 * - a line end with only one way on must take it;
 * - an empty square with only two ways in is joined to both, so a line end beside it goes in;
 * - a move is wrong if, after it and the moves it forces, a square is left a dead end, a line end
 *   has nowhere to go, two lines need the same square, a line is cut off from its other dot, or
 *   some empty squares are shut in where no line can fill them.
 */
export interface Board {
  W: number;
  H: number;
  owner: Int16Array; // 0 empty, k + 1 once line k is there (dots included)
  ends: number[][][]; // per line, per end: the squares drawn from that dot, the dot first
  joined: boolean[];
  tips: Int16Array; // per square: 2 * line + end + 1 where an unfinished line ends, else 0
}

export interface Move {
  k: number;
  side: number;
  to: number; // the square it goes into (or the line's other end, which joins the line)
}

export type Forced = { move: Move; why: 'one' } | { move: Move; why: 'two'; square: number };

export type Why =
  | { t: 'deadEnd'; square: number }
  | { t: 'stuck'; k: number; at: number }
  | { t: 'clash'; square: number; a: number; b: number }
  | { t: 'cutOff'; k: number }
  | { t: 'shutIn'; square: number; size: number };

export function newBoard(W: number, H: number, dots: [number, number][]): Board {
  const owner = new Int16Array(W * H);
  dots.forEach(([a, b], k) => {
    owner[a] = k + 1;
    owner[b] = k + 1;
  });
  const tips = new Int16Array(W * H);
  dots.forEach(([a, b], k) => {
    tips[a] = 2 * k + 1;
    tips[b] = 2 * k + 2;
  });
  return { W, H, owner, ends: dots.map(([a, b]) => [[a], [b]]), joined: dots.map(() => false), tips };
}

export function copyBoard(b: Board): Board {
  return { W: b.W, H: b.H, owner: b.owner.slice(), ends: b.ends.map(([x, y]) => [x!.slice(), y!.slice()]), joined: b.joined.slice(), tips: b.tips.slice() };
}

/** Neighbours of square i: up, down, left, right, -1 off the grid. */
export function around(b: Board, i: number): [number, number, number, number] {
  const r = Math.floor(i / b.W);
  const c = i - r * b.W;
  return [r > 0 ? i - b.W : -1, r < b.H - 1 ? i + b.W : -1, c > 0 ? i - 1 : -1, c < b.W - 1 ? i + 1 : -1];
}

export const tipOf = (b: Board, k: number, side: number): number => b.ends[k]![side]!.at(-1)!;

/** The unfinished line whose end is at square i, as [line, end], or null. */
function tipAt(b: Board, i: number): [number, number] | null {
  const t = b.tips[i]! - 1;
  return t < 0 ? null : [t >> 1, t & 1];
}

/** Where a line end can go on: empty squares, or its own other end. */
export function waysOn(b: Board, k: number, side: number): number[] {
  const other = tipOf(b, k, 1 - side);
  return around(b, tipOf(b, k, side)).filter((x) => x >= 0 && (b.owner[x] === 0 || x === other));
}

/** Ways into an empty square: empty neighbours and unfinished line ends. */
function waysIn(b: Board, i: number): number[] {
  return around(b, i).filter((x) => x >= 0 && (b.owner[x] === 0 || b.tips[x] !== 0));
}

export function play(b: Board, m: Move): void {
  const from = tipOf(b, m.k, m.side);
  b.tips[from] = 0;
  if (m.to === tipOf(b, m.k, 1 - m.side)) {
    b.joined[m.k] = true;
    b.tips[m.to] = 0;
    return;
  }
  b.ends[m.k]![m.side]!.push(m.to);
  b.owner[m.to] = m.k + 1;
  b.tips[m.to] = 2 * m.k + m.side + 1;
}

/**
 * A move the rules force: the end `prefer` (2 * line + end) if it has one, else the one nearest
 * square `near`, so the story stays in one place while it can.
 */
export function forcedMove(b: Board, prefer = -1, near = -1): Forced | null {
  const K = b.ends.length;
  const dist = (i: number) => (near < 0 ? 0 : Math.abs(Math.floor(i / b.W) - Math.floor(near / b.W)) + Math.abs((i % b.W) - (near % b.W)));
  let best: Forced | null = null;
  let bestDist = Infinity;
  for (let e = 0; e < 2 * K; e++) {
    const k = e >> 1;
    const side = e & 1;
    if (b.joined[k]) continue;
    const ways = waysOn(b, k, side);
    if (ways.length !== 1) continue;
    const f: Forced = { move: { k, side, to: ways[0]! }, why: 'one' };
    if (e === prefer || near < 0) return f;
    const d = dist(ways[0]!);
    if (d < bestDist) [best, bestDist] = [f, d];
  }
  if (best) return best;
  for (let i = 0; i < b.owner.length; i++) {
    if (b.owner[i] !== 0) continue;
    const ins = waysIn(b, i);
    if (ins.length !== 2) continue;
    for (const x of ins) {
      const t = tipAt(b, x);
      if (!t) continue;
      const d = dist(i);
      if (d < bestDist) [best, bestDist] = [{ move: { k: t[0], side: t[1], to: i }, why: 'two', square: i }, d];
      if (near < 0) return best;
    }
  }
  return best;
}

/** Why the grid as it stands cannot be finished, seen without trying anything; or null. */
export function problem(b: Board): Why | null {
  const size = b.owner.length;
  for (let i = 0; i < size; i++) {
    if (b.owner[i] !== 0) continue;
    const ins = waysIn(b, i);
    if (ins.length < 2) return { t: 'deadEnd', square: i };
    if (ins.length === 2) {
      const x = tipAt(b, ins[0]!);
      const y = tipAt(b, ins[1]!);
      if (x && y && x[0] !== y[0]) return { t: 'clash', square: i, a: x[0], b: y[0] };
    }
  }
  const K = b.ends.length;
  for (let k = 0; k < K; k++) {
    if (b.joined[k]) continue;
    for (const side of [0, 1]) if (waysOn(b, k, side).length === 0) return { t: 'stuck', k, at: tipOf(b, k, side) };
  }
  // Empty areas: a line can only run through one, entering and leaving by its two ends.
  const area = new Int32Array(size).fill(-1);
  const sizes: number[] = [];
  const firsts: number[] = [];
  for (let i = 0; i < size; i++) {
    if (b.owner[i] !== 0 || area[i]! >= 0) continue;
    const id = sizes.length;
    const stack = [i];
    area[i] = id;
    let count = 0;
    while (stack.length) {
      const x = stack.pop()!;
      count++;
      for (const y of around(b, x)) {
        if (y >= 0 && b.owner[y] === 0 && area[y]! < 0) {
          area[y] = id;
          stack.push(y);
        }
      }
    }
    sizes.push(count);
    firsts.push(i);
  }
  const touches = (i: number): number[] => around(b, i).filter((x) => x >= 0 && area[x]! >= 0).map((x) => area[x]!);
  const filled = new Array<boolean>(sizes.length).fill(false);
  for (let k = 0; k < K; k++) {
    if (b.joined[k]) continue;
    const a = tipOf(b, k, 0);
    const z = tipOf(b, k, 1);
    const near = around(b, a).includes(z);
    const atZ = touches(z);
    const both = touches(a).filter((id) => atZ.includes(id));
    for (const id of both) filled[id] = true;
    if (!near && both.length === 0) return { t: 'cutOff', k };
  }
  for (let id = 0; id < sizes.length; id++) if (!filled[id]) return { t: 'shutIn', square: firsts[id]!, size: sizes[id]! };
  return null;
}

/**
 * What goes wrong after move m and the moves it forces (at most `depth` of them), with those
 * forced moves; null if nothing does.
 */
export function refute(b: Board, m: Move, depth: number): { why: Why; forced: Move[] } | null {
  const t = copyBoard(b);
  play(t, m);
  const forced: Move[] = [];
  for (;;) {
    const why = problem(t);
    if (why) return { why, forced };
    if (forced.length >= depth) return null;
    const f = forcedMove(t, 2 * m.k + m.side);
    if (!f) return null;
    play(t, f.move);
    forced.push(f.move);
  }
}

/** How far from the move a line end may be for a split on its ways. */
const NEAR = 2;

export interface Split {
  k: number;
  side: number;
  at: number; // where that line end would be
  cases: { to: number; why: Why; forced: Move[] }[];
}

/**
 * A deeper reason move m is wrong: after it and every move it forces, some line end would have only
 * two ways on, and each of them goes wrong (by `refute`). Null if no such end is found.
 */
export function refuteBySplit(b: Board, m: Move, depth: number, before: number): { split: Split; forced: Move[] } | null {
  const t = copyBoard(b);
  play(t, m);
  const forced: Move[] = [];
  for (let f = forcedMove(t, 2 * m.k + m.side); f && forced.length < before; f = forcedMove(t, 2 * m.k + m.side)) {
    if (problem(t)) return null; // refute() tells this one more simply
    play(t, f.move);
    forced.push(f.move);
  }
  if (problem(t) || forcedMove(t)) return null; // told more simply by refute(), or too far ahead to follow
  const K = t.ends.length;
  const first = 2 * m.k + m.side;
  for (let e0 = 0; e0 < 2 * K; e0++) {
    const e = (first + e0) % (2 * K);
    const k = e >> 1;
    const side = e & 1;
    if (t.joined[k]) continue;
    const at = tipOf(t, k, side);
    // Only ends beside the move: a reader looks there, and it keeps the search small.
    if (Math.abs(Math.floor(at / t.W) - Math.floor(m.to / t.W)) + Math.abs((at % t.W) - (m.to % t.W)) > NEAR) continue;
    const ways = waysOn(t, k, side);
    if (ways.length !== 2) continue;
    const cases: Split['cases'] = [];
    for (const to of ways) {
      const r = refute(t, { k, side, to }, depth);
      if (!r) break;
      cases.push({ to, ...r });
    }
    if (cases.length === 2) return { split: { k, side, at: tipOf(t, k, side), cases }, forced };
  }
  return null;
}
