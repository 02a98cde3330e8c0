import type { Clues } from './model.js';
import { DOWN, RIGHT, type Count } from './solver.js';

/**
 * Search depths (branchings from the root) at which every link is probed again, as at the root:
 * near the root a link it settles prunes a large subtree, deeper down it costs more than it saves
 * (measured: 12 halves median generation CPU at 15x15 hard and 20x20 expert; 30 is slower).
 */
const PROBE_DEPTH = 12;
/**
 * Up to SMALL squares (10x10) probing stops at depth 8: there a probe pass costs about as much as
 * the subtree it would save sooner. 10x10 median CPU a puzzle (61 seeds, best of 3 runs, paired
 * with 12): hard -15 to -25%, expert -10 to -18%; the levels' outside-solver effort still rises
 * (41 seeds at 8x8 and 31 at 10x10: expert needs 2.3-2.8x hard's median).
 */
const SMALL = 100;
const SMALL_PROBE_DEPTH = 8;
/**
 * Up to SMALL squares a proof that may give up early (see HOPELESS) also gives up at once when
 * probing at the root leaves at least this share of the links unknown. At 10x10 expert (61
 * seeds), of the repair's proofs left with 170 or more of 180 links open, 1 was proved unique,
 * 15 found a second solution and 68 gave up, after about 430 nodes each; proofs in the joins
 * are cut short the same way. Search nodes a puzzle at 10x10 (61 seeds, median/mean):
 * hard 3.5k/4.6k -> 3.2k/4.5k, expert 6.9k/8.5k -> 6.3k/7.9k.
 */
const LOOSE = 0.94;
/**
 * A proof that looks hopeless gives up early, at these node counts, when it has gone through less
 * than this share of its search tree (each branching shares its part evenly among its branches; a
 * branch adds its part once it fails or ends). On the proofs made for 10x10 and 15x15 puzzles,
 * those under a millionth after 300 nodes nearly all ran out of nodes later anyway (1 unique proof
 * of 139 lost at 15x15 hard), and they were a quarter of all the proof work. Checking from 150
 * nodes (a hundred-thousandth at 300, a ten-thousandth at 600) gives up on more unique proofs
 * (at 15x15 hard and expert, 61 of 602) but saves a quarter of the proof work left, so a puzzle
 * there takes 9-18% fewer nodes in all (10x10: 0-3%).
 */
const HOPELESS: [number, number][] = [
  [150, 1e-6],
  [300, 1e-5],
  [600, 1e-4],
];
/**
 * The same past 15x15 (more than BIG squares), where a proof pays about 1,000 nodes of probing
 * before it branches much. On the joins tried for 20x20 hard puzzles, those proved unique had
 * gone through more than 1e-7 of their tree after 1,000 nodes, while most that later ran out of
 * nodes had gone through less than 3e-8 (and less than 1e-7 after 1,500).
 */
const HOPELESS_BIG: [number, number][] = [
  [1000, 3e-8],
  [1500, 1e-7],
];
const BIG = 225;
const UNKNOWN = 0;
/** The lowest set bit's index, for the 4-bit masks of a cell's unknown links. */
const LOW = Uint8Array.of(0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0);
const ON = 1;
const OFF = 2;

/**
 * Counts solutions (up to two) by depth-first search with propagation, for grids too wide for
 * the frontier DP. Same rules: every cell on a line, a line may run beside itself, no loops.
 *
 * Variables are the links between neighbouring cells. Propagation is sound (it only removes
 * choices no solution can make): a cell needs exactly `need` links (1 at an endpoint, else 2);
 * a link may not close a piece into a loop or join pieces of two colours; every unfinished
 * colour's two tips must still meet through uncoloured cells, and every uncoloured region must
 * be reachable by some colour from both of its tips. Branching tries each link of the most
 * constrained tip, so the search is exhaustive and the count is a proof.
 *
 * With `known`, branches that leave `known` are tried first and the first solution that differs
 * is returned as `other`. `maxNodes` bounds the work; past it, `gaveUp` and nothing is proven.
 */
export function searchSolutions(clues: Clues, known?: Uint8Array, maxNodes = 200_000, probe = true, early = false): Count {
  return new Search(clues, known, maxNodes, probe, early).run();
}

/** What every search of a grid size starts from; row, col, nbCell and nbEdge are shared, never written. */
interface Shape {
  row: Int32Array;
  col: Int32Array;
  nbCell: Int32Array;
  nbEdge: Int32Array;
  state: Uint8Array;
  unknown: Uint8Array;
  open: Uint8Array;
  mate: Int32Array;
  // Scratch, shared the same way (searches never run interleaved); each use writes before it reads.
  region: Int32Array;
  stack: Int32Array;
  sole: Int32Array;
  fillAt: Int32Array;
  /** Marks of probe rounds, numbered across all searches (probeRound) so old marks never match. */
  fineAt: Int32Array;
}
const shapes = new Map<number, Shape>();
let probeRound = 0;

function shapeOf(W: number, H: number): Shape {
  const key = W * 1000 + H;
  let shape = shapes.get(key);
  if (shape) return shape;
  const n = W * H;
  shape = {
    row: new Int32Array(n),
    col: new Int32Array(n),
    nbCell: new Int32Array(4 * n).fill(-1),
    nbEdge: new Int32Array(4 * n).fill(-1),
    state: new Uint8Array(2 * n).fill(OFF),
    unknown: new Uint8Array(n),
    open: new Uint8Array(n),
    mate: new Int32Array(n),
    region: new Int32Array(n),
    stack: new Int32Array(n),
    sole: new Int32Array(n),
    fillAt: new Int32Array(n),
    fineAt: new Int32Array(4 * n),
  };
  const { row, col, nbCell, nbEdge, state, unknown, open, mate } = shape;
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / W);
    const c = i % W;
    const link = (d: number, j: number, e: number) => {
      nbCell[4 * i + d] = j;
      nbEdge[4 * i + d] = e;
      state[e] = UNKNOWN;
      unknown[i]++;
      open[i] |= 1 << d;
    };
    if (c < W - 1) link(0, i + 1, 2 * i);
    if (r < H - 1) link(1, i + W, 2 * i + 1);
    if (c > 0) link(2, i - 1, 2 * (i - 1));
    if (r > 0) link(3, i - W, 2 * (i - W) + 1);
    row[i] = r;
    col[i] = c;
    mate[i] = i;
  }
  shapes.set(key, shape);
  return shape;
}

export class Search {
  private readonly W: number;
  private readonly n: number;
  /** Each cell's row and column, so picking a tip per node does no division. */
  private readonly row: Int32Array;
  private readonly col: Int32Array;
  /** Per cell and direction: the neighbour and the link to it, or -1 at the border. */
  private readonly nbCell: Int32Array;
  private readonly nbEdge: Int32Array;
  /** Link 2i joins cell i to its right neighbour, link 2i+1 to the cell below. */
  private readonly state: Uint8Array;
  private readonly on: Uint8Array;
  private readonly unknown: Uint8Array;
  /**
   * Per cell: bit d set while its link in direction d is unknown. The hot loops visit only
   * those links instead of testing the border and the link's state in all four directions.
   */
  private readonly open: Uint8Array;
  private readonly need: Uint8Array;
  /** At each end of a piece (a run of ON links, or a lone cell): the piece's other end. */
  private readonly mate: Int32Array;
  /** At each end of a piece: its colour, 0 while it holds no endpoint. */
  private readonly colour: Uint8Array;
  private trail: Int32Array;
  private top = 0;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private qlen = 0;
  // Scratch for the region check, kept to avoid allocating per node.
  private readonly region: Int32Array;
  private readonly stack: Int32Array;
  private readonly tip1: Int32Array;
  private readonly tip2: Int32Array;
  private readonly options: Int32Array;
  private readonly optionCount: Int32Array;
  private readonly direct: Uint8Array;
  private feeders = new Int32Array(0);
  private readonly sole: Int32Array;
  // Scratch for the matching of regions to colours.
  private byStart = new Int32Array(0);
  private readonly fillAt: Int32Array;
  private readonly byColour: Int32Array;
  private readonly owner: Int32Array;
  private readonly seenColour: Int32Array;
  /** Per link and value: the probe round in which that way was seen to hold. */
  private readonly fineAt: Int32Array;
  private nodes = 0;
  private depth = 0;
  /** Links tried by probe(); about thirty cost as much as one search node. */
  private probes = 0;
  private last = 0;
  private found = 0;
  /** Share of the search tree gone through so far (see HOPELESS). */
  private done = 0;
  private other: Uint8Array | undefined;
  private gaveUp = false;
  /** The search gave up because it looked hopeless, not because it ran out of nodes. */
  private hopelessAt = false;
  private readonly probeDepth: number;
  /** The last one made, so its shape outlives it and the search stays optimised (see Rng.last). */
  private static last: Search | undefined;

  constructor(
    private readonly clues: Clues,
    private readonly known: Uint8Array | undefined,
    private readonly maxNodes: number,
    /** Probe at the root: slower to find a second solution, far quicker on the hardest proofs. */
    private readonly rootProbe = true,
    /** Give up early on a search that looks hopeless (see HOPELESS): for generation, never for a check. */
    private readonly early = false,
  ) {
    Search.last = this;
    const { width: W, height: H, cells } = clues;
    const n = W * H;
    this.W = W;
    this.n = n;
    this.probeDepth = n <= SMALL ? SMALL_PROBE_DEPTH : PROBE_DEPTH;
    // The grid's shape is the same for every search of its size: built once, copied here.
    const shape = shapeOf(W, H);
    this.row = shape.row;
    this.col = shape.col;
    this.nbCell = shape.nbCell;
    this.nbEdge = shape.nbEdge;
    this.state = shape.state.slice();
    this.on = new Uint8Array(n);
    this.unknown = shape.unknown.slice();
    this.open = shape.open.slice();
    this.need = new Uint8Array(n);
    this.mate = shape.mate.slice();
    this.colour = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      this.need[i] = cells[i] ? 1 : 2;
      this.colour[i] = cells[i]!;
    }
    // Enough for a full board (an ON link pushes up to 5 entries of 3, an OFF one 1; under n ON
    // and 2n links in all), so reserve() never grows it; it was 64n, all allocated per search.
    this.trail = new Int32Array(20 * n);
    this.queue = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.region = shape.region;
    this.stack = shape.stack;
    this.tip1 = new Int32Array(clues.colours + 1);
    this.tip2 = new Int32Array(clues.colours + 1);
    this.options = new Int32Array(4 * (clues.colours + 1));
    this.optionCount = new Int32Array(clues.colours + 1);
    this.direct = new Uint8Array(clues.colours + 1);
    this.sole = shape.sole;
    this.fillAt = shape.fillAt;
    this.byColour = new Int32Array(4 * (clues.colours + 1));
    this.owner = new Int32Array(clues.colours + 1);
    this.seenColour = new Int32Array(clues.colours + 1);
    this.fineAt = shape.fineAt;
  }

  run(): Count {
    for (let i = 0; i < this.n; i++) this.enqueue(i);
    // Probing once at the root settles most links of all but the hardest puzzles (every link of
    // a puzzle graded below 2), so the search only branches where look-ahead is really needed.
    if (this.consistent() && (!this.rootProbe || this.probe()) && this.consistent()) {
      if (this.early && this.rootProbe && this.n <= SMALL && this.openLinks() >= LOOSE * this.links()) {
        this.gaveUp = true;
        this.hopelessAt = true;
      } else this.search();
    }
    const nodes = this.work();
    if (this.gaveUp) return this.hopelessAt ? { solutions: 0, gaveUp: true, hopeless: true, nodes } : { solutions: 0, gaveUp: true, nodes };
    const solutions = Math.min(2, this.found);
    return this.other ? { solutions, other: this.other, nodes } : { solutions, nodes };
  }

  /**
   * How a person would get on: 0 = the local rules alone finish it, 1 = also needs trying one
   * link and seeing the local rules fail at once, 2 = needs more than that. The local rules are
   * the ones a pupil uses: a square needs two links (an end one), lines of different numbers
   * never meet, and a line never closes on itself. Region reasoning is left out on purpose.
   * The rules are sound, so a grade below 2 also proves the solution unique.
   *
   * Stops with `upTo + 1` once the grade is known to exceed `upTo`, leaving the board where
   * that level's rules got stuck (see loose()).
   */
  grade(upTo = 2): number {
    for (let i = 0; i < this.n; i++) this.enqueue(i);
    if (!this.propagate()) return 2;
    if (this.openLinks() === 0) return 0;
    if (upTo === 0) return 1;
    if (!this.probe()) return 2;
    return this.openLinks() === 0 ? 1 : 2;
  }

  /**
   * Tries each unknown link both ways with the local rules; a way that fails at once proves the
   * other. Repeats until nothing more is proved. False if both ways of some link fail.
   */
  private probe(): boolean {
    const { fineAt, on, unknown, need, colour } = this;
    // A way that held implies every link it set: those ways hold too while the board is as it
    // was (the local rules only ever add consequences), so they need no trying of their own.
    // The round changes only with the board, so a pass after the last change does not try again
    // the ways the pass before already saw hold on this same board.
    if (probeRound > 0x3fffffff) {
      // Before the marks' Int32 numbers wrap round (a long batch): start the numbering again.
      for (const shape of shapes.values()) shape.fineAt.fill(0);
      probeRound = 0;
    }
    let round = ++probeRound;
    for (let progress = true; progress; ) {
      progress = false;
      for (let e = 0; e < this.state.length; e++) {
        if (this.state[e] !== UNKNOWN) continue;
        for (let v = ON; v <= OFF; v++) {
          // Counted even when skipped, so work(), the budgets and so the puzzles stay as before.
          this.probes++;
          if (fineAt[2 * e + v - 1] === round) continue;
          // Ways that set nothing else on a settled board hold: they are marked as their trial
          // would mark them, without setting them and taking them back.
          const a = e >> 1;
          const b = e & 1 ? a + this.W : a + 1;
          if (v === OFF) {
            // Closing a link whose two squares keep more open links than they still need: no
            // count reaches its need, and the other rules looked at every open link already.
            if (on[a]! + unknown[a]! > need[a]! + 1 && on[b]! + unknown[b]! > need[b]! + 1) {
              fineAt[2 * e + 1] = round;
              continue;
            }
          } else if (on[a] === 0 && on[b] === 0 && need[a] === 2 && need[b] === 2 && colour[a] === 0 && colour[b] === 0 && unknown[a]! > 2 && unknown[b]! > 2) {
            // Joining two lone uncoloured squares that keep two more open links each: the new
            // piece has no colour, is no loop, and neither square reaches its need or is forced.
            fineAt[2 * e] = round;
            continue;
          }
          const mark = this.top;
          const fine = this.assign(e, v) && this.propagate();
          if (fine) {
            const trail = this.trail;
            for (let k = mark; k < this.top; k += 3) {
              if (trail[k] === 0) fineAt[2 * trail[k + 1]! + this.state[trail[k + 1]!]! - 1] = round;
            }
          }
          this.undo(mark);
          if (fine) continue;
          if (!(this.assign(e, v === ON ? OFF : ON) && this.propagate())) return false;
          progress = true;
          round = ++probeRound;
          break;
        }
      }
    }
    return true;
  }

  /** Work done so far, in search nodes, so callers can bound grading and search together. */
  work(): number {
    return this.nodes + (this.probes >> 5);
  }

  /** Cells with links still unknown after grade(): where the puzzle is loose. */
  loose(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.on[i]! < this.need[i]!) out.push(i);
    return out;
  }

  /** Links between neighbouring squares, known or not. */
  private links(): number {
    return 2 * this.n - this.clues.width - this.clues.height;
  }

  openLinks(): number {
    let open = 0;
    for (let e = 0; e < this.state.length; e++) if (this.state[e] === UNKNOWN) open++;
    return open;
  }

  /** `share`: this node's part of the whole search tree. */
  private search(share = 1): void {
    if (this.found >= 2 || this.gaveUp) return;
    if (++this.nodes > this.maxNodes || (this.early && this.hopeless())) {
      this.hopelessAt = this.nodes <= this.maxNodes;
      this.gaveUp = true;
      return;
    }
    // Only proofs probe: the quick search for a second solution stays cheap per node.
    if (this.rootProbe && this.depth > 0 && this.depth < this.probeDepth && !(this.probe() && this.consistent())) {
      this.done += share;
      return;
    }
    const t = this.pickTip();
    if (t < 0) {
      this.done += share;
      return this.solved();
    }
    const mark = this.top;
    const first = this.known ? this.knownDir(t) : -1;
    const ways = this.unknown[t]!;
    if (ways === 0) {
      this.done += share;
      return;
    }
    const part = share / ways;
    // Leaving `known` first finds a second solution sooner; the order does not change the count.
    const open = this.open[t]!;
    for (let pass = 0; pass < 2; pass++) {
      for (let m = open; m; m &= m - 1) {
        const d = LOW[m]!;
        const e = this.nbEdge[4 * t + d]!;
        if ((d === first) !== (pass === 0)) continue;
        this.depth++;
        if (this.assign(e, ON) && this.consistent()) this.search(part);
        else this.done += part;
        this.depth--;
        this.undo(mark);
        if (this.found >= 2 || this.gaveUp) return;
      }
    }
  }

  private hopeless(): boolean {
    // Every checkpoint is a multiple of 50 nodes.
    if (this.nodes % 50 !== 0) return false;
    for (const [nodes, share] of this.n > BIG ? HOPELESS_BIG : HOPELESS) if (this.nodes === nodes && this.done < share) return true;
    return false;
  }

  /** The direction `known` takes from tip t among its unknown links, or -1. */
  private knownDir(t: number): number {
    const known = this.known!;
    for (let m = this.open[t]!; m; m &= m - 1) {
      const d = LOW[m]!;
      const e = this.nbEdge[4 * t + d]!;
      if (known[e >> 1]! & (e & 1 ? DOWN : RIGHT)) return d;
    }
    return -1;
  }

  /**
   * The open end of a coloured piece with the fewest choices, nearest the last one branched on,
   * or -1 when no colour is open. Staying near the last branch finishes one area before
   * starting another, so a dead end there is found before choices elsewhere multiply it.
   */
  private pickTip(): number {
    const { row, col, unknown } = this;
    const lr = row[this.last]!;
    const lc = col[this.last]!;
    let best = -1;
    let bestScore = Infinity;
    // Open tips are the ends regionRules() just listed: consistent() ends with a pass of it
    // that changed nothing, so the lists are current.
    const { tip1, tip2 } = this;
    for (let c = 1; c <= this.clues.colours; c++) {
      for (let k = 0; k < 2; k++) {
        const i = k ? tip2[c]! : tip1[c]!;
        if (i < 0) continue;
        const score = unknown[i]! * 1000 + Math.abs(row[i]! - lr) + Math.abs(col[i]! - lc);
        // Ties go to the first in reading order, as a scan of the cells would pick.
        if (score < bestScore || (score === bestScore && i < best)) {
          bestScore = score;
          best = i;
        }
      }
    }
    if (best >= 0) this.last = best;
    return best;
  }

  private solved(): void {
    // Every cell has its links, no loops and no mixed colours: each piece runs end to end.
    for (let i = 0; i < this.n; i++) if (this.on[i] !== this.need[i]) return;
    const links = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) {
      links[i] = (this.state[2 * i] === ON ? RIGHT : 0) | (this.state[2 * i + 1] === ON ? DOWN : 0);
    }
    if (this.known) {
      let same = true;
      for (let i = 0; i < this.n && same; i++) same = links[i] === this.known[i];
      if (same) {
        this.found++;
        return;
      }
      // `known` is a solution too, so this one makes two.
      this.other = links;
      this.found = 2;
      return;
    }
    this.found++;
  }

  /** Room for the five entries one assign() may push. */
  private reserve(): void {
    if (this.top + 15 <= this.trail.length) return;
    const bigger = new Int32Array(this.trail.length * 2);
    bigger.set(this.trail);
    this.trail = bigger;
  }

  private undo(mark: number): void {
    const { trail, state, on, unknown, open, mate, colour, W } = this;
    let top = this.top;
    while (top > mark) {
      const old = trail[--top]!;
      const at = trail[--top]!;
      const kind = trail[--top]!;
      if (kind === 0) {
        const a = at >> 1;
        const down = at & 1;
        const b = down ? a + W : a + 1;
        if (state[at] === ON) {
          on[a]--;
          on[b]--;
        }
        unknown[a]++;
        unknown[b]++;
        open[a] |= down ? 2 : 1;
        open[b] |= down ? 8 : 4;
        state[at] = UNKNOWN;
      } else if (kind === 1) mate[at] = old;
      else colour[at] = old;
    }
    this.top = top;
    // Only cells still queued are marked, so clearing them is enough.
    const { queue, queued } = this;
    for (let k = 0; k < this.qlen; k++) queued[queue[k]!] = 0;
    this.qlen = 0;
  }

  private enqueue(i: number): void {
    if (this.queued[i]) return;
    this.queued[i] = 1;
    this.queue[this.qlen++] = i;
  }

  // The trail's pushes and the queue's appends are written out in place here: assign() runs for
  // every link a probe or a search sets, and V8 did not inline them as helpers.
  private assign(e: number, v: number): boolean {
    const { state } = this;
    const s = state[e]!;
    if (s !== UNKNOWN) return s === v;
    this.reserve();
    const { trail, unknown, open, queued, queue, on, need, mate, colour } = this;
    const a = e >> 1;
    const down = e & 1;
    const b = down ? a + this.W : a + 1;
    let top = this.top;
    trail[top++] = 0;
    trail[top++] = e;
    trail[top++] = 0;
    this.top = top;
    state[e] = v;
    unknown[a]--;
    unknown[b]--;
    open[a] &= down ? ~2 : ~1;
    open[b] &= down ? ~8 : ~4;
    let qlen = this.qlen;
    if (!queued[a]) {
      queued[a] = 1;
      queue[qlen++] = a;
    }
    if (!queued[b]) {
      queued[b] = 1;
      queue[qlen++] = b;
    }
    this.qlen = qlen;
    if (v === OFF) return true;
    // Counted before the test so that undo, which sees an ON link, takes the same counts back.
    on[a]++;
    on[b]++;
    if (on[a]! > need[a]! || on[b]! > need[b]!) return false;
    const x = mate[a]!;
    if (x === b) return false; // would close a loop
    const ca = colour[a]!;
    const cb = colour[b]!;
    if (ca && cb && ca !== cb) return false;
    const y = mate[b]!;
    const c = ca || cb;
    // The piece's two ends now name each other and take its colour (old values onto the trail).
    if (mate[x] !== y) {
      trail[top++] = 1;
      trail[top++] = x;
      trail[top++] = mate[x]!;
      mate[x] = y;
    }
    if (mate[y] !== x) {
      trail[top++] = 1;
      trail[top++] = y;
      trail[top++] = mate[y]!;
      mate[y] = x;
    }
    if (colour[x] !== c) {
      trail[top++] = 2;
      trail[top++] = x;
      trail[top++] = colour[x]!;
      colour[x] = c;
    }
    if (colour[y] !== c) {
      trail[top++] = 2;
      trail[top++] = y;
      trail[top++] = colour[y]!;
      colour[y] = c;
    }
    this.top = top;
    if (!queued[x]) {
      queued[x] = 1;
      queue[qlen++] = x;
    }
    if (!queued[y]) {
      queued[y] = 1;
      queue[qlen++] = y;
    }
    this.qlen = qlen;
    return true;
  }

  /** Local rules until nothing changes; false on a contradiction. */
  private propagate(): boolean {
    while (this.qlen > 0) {
      const i = this.queue[--this.qlen]!;
      this.queued[i] = 0;
      if (!this.settle(i)) return false;
    }
    return true;
  }

  private settle(i: number): boolean {
    const on = this.on[i]!;
    const need = this.need[i]!;
    const open = this.unknown[i]!;
    if (open === 0) return on === need;
    if (on === need || on + open === need) {
      const v = on === need ? OFF : ON;
      // assign() changes no other link of i, so the mask read once stays right.
      for (let m = this.open[i]!; m; m &= m - 1) if (!this.assign(this.nbEdge[4 * i + LOW[m]!]!, v)) return false;
      return true;
    }
    if (on + open < need) return false;
    const ci = this.colour[i]!;
    const mi = this.mate[i]!;
    for (let m = this.open[i]!; m; m &= m - 1) {
      const d = LOW[m]!;
      const e = this.nbEdge[4 * i + d]!;
      const j = this.nbCell[4 * i + d]!;
      const cj = this.colour[j]!;
      if (this.on[j]! >= this.need[j]! || mi === j || (ci && cj && ci !== cj)) {
        if (!this.assign(e, OFF)) return false;
      }
    }
    return true;
  }

  /** Local rules and region rules until neither finds anything more; false on a contradiction. */
  private consistent(): boolean {
    for (;;) {
      if (!this.propagate()) return false;
      const r = this.regionRules();
      if (r < 0) return false;
      if (r === 0) return true;
    }
  }

  /**
   * Uncoloured open cells fall into regions (joined by unknown links and by uncoloured pieces).
   * An open colour's path from one tip to the other runs through exactly one region, which must
   * touch both tips (or the tips meet directly); every region needs at least one colour, since
   * its cells must lie on some line. So: a tip may only step into a region its partner also
   * touches; a region only one colour can serve takes that colour; and regions must be matched
   * to distinct colours (Hall). Returns -1 on a contradiction, 1 if it removed links, else 0.
   */
  private regionRules(): number {
    const { n, W, region, stack, colour, nbCell, nbEdge, mate, open } = this;
    const { tip1, tip2 } = this;
    // Called only once propagate() has settled every cell, so a cell still needs links exactly
    // when it has unknown ones (settle() fails a cell with neither, and closes the unknown links
    // of one that has all it needs): its mask alone says whether it is open.
    region.fill(-1);
    tip1.fill(-1);
    tip2.fill(-1);
    let regions = 0;
    for (let s = 0; s < n; s++) {
      if (open[s] === 0 || region[s]! >= 0) continue;
      const cs = colour[s]!;
      if (cs) {
        // An open end of a coloured piece: one of its colour's two tips.
        if (tip1[cs]! < 0) tip1[cs] = s;
        else tip2[cs] = s;
        continue;
      }
      let sp = 0;
      stack[sp++] = s;
      region[s] = regions;
      while (sp > 0) {
        const i = stack[--sp]!;
        const m = mate[i]!;
        if (m !== i && region[m]! < 0) {
          region[m] = regions;
          stack[sp++] = m;
        }
        // The four directions written out (right, down, left, up), without the neighbour table.
        const bits = open[i]!;
        if (bits & 1 && region[i + 1]! < 0 && !colour[i + 1]) {
          region[i + 1] = regions;
          stack[sp++] = i + 1;
        }
        if (bits & 2 && region[i + W]! < 0 && !colour[i + W]) {
          region[i + W] = regions;
          stack[sp++] = i + W;
        }
        if (bits & 4 && region[i - 1]! < 0 && !colour[i - 1]) {
          region[i - 1] = regions;
          stack[sp++] = i - 1;
        }
        if (bits & 8 && region[i - W]! < 0 && !colour[i - W]) {
          region[i - W] = regions;
          stack[sp++] = i - W;
        }
      }
      regions++;
    }
    const K = this.clues.colours;
    const { options, optionCount, direct } = this;
    if (this.feeders.length < regions) this.feeders = new Int32Array(2 * regions);
    const feeders = this.feeders; // per region: how many colours can serve it
    const sole = this.sole; // per region: one colour that can serve it
    feeders.fill(0, 0, regions);
    let changed = 0;
    for (let c = 1; c <= K; c++) {
      optionCount[c] = 0;
      const a = tip1[c]!;
      if (a < 0) continue;
      const b = tip2[c]!;
      if (b < 0) return -1;
      direct[c] = 0;
      for (let m = open[a]!; m; m &= m - 1) {
        const d = LOW[m]!;
        const e = nbEdge[4 * a + d]!;
        const j = nbCell[4 * a + d]!;
        if (j === b) {
          direct[c] = 1;
          continue;
        }
        const g = region[j]!;
        if (g < 0) continue;
        if (this.touches(b, g)) {
          if (!this.hasOption(c, g)) {
            options[4 * c + optionCount[c]!] = g;
            optionCount[c]++;
            if (feeders[g]++ === 0) sole[g] = c;
          }
        } else {
          if (!this.assign(e, OFF)) return -1;
          changed = 1;
        }
      }
      for (let m = open[b]!; m; m &= m - 1) {
        const d = LOW[m]!;
        const e = nbEdge[4 * b + d]!;
        const g = region[nbCell[4 * b + d]!]!;
        if (g >= 0 && !this.hasOption(c, g)) {
          if (!this.assign(e, OFF)) return -1;
          changed = 1;
        }
      }
      if (!direct[c] && optionCount[c] === 0) return -1;
    }
    for (let g = 0; g < regions; g++) {
      if (feeders[g] === 0) return -1;
      if (feeders[g] !== 1) continue;
      // Only colour c can fill region g, so its path goes there and nowhere else.
      const c = sole[g]!;
      for (let k = 0; k < 2; k++) {
        const t = k ? tip2[c]! : tip1[c]!;
        for (let m = open[t]!; m; m &= m - 1) {
          const d = LOW[m]!;
          const e = nbEdge[4 * t + d]!;
          if (region[nbCell[4 * t + d]!] === g) continue;
          if (!this.assign(e, OFF)) return -1;
          changed = 1;
        }
      }
    }
    if (changed) return 1;
    return this.matched(regions, K) ? 0 : -1;
  }

  private hasOption(c: number, g: number): boolean {
    for (let k = 0; k < this.optionCount[c]!; k++) if (this.options[4 * c + k] === g) return true;
    return false;
  }

  /** Whether cell t has an unknown link into region g. */
  private touches(t: number, g: number): boolean {
    for (let m = this.open[t]!; m; m &= m - 1) if (this.region[this.nbCell[4 * t + LOW[m]!]!] === g) return true;
    return false;
  }

  /** Whether every region can have a colour of its own (Kuhn's augmenting paths). */
  private matched(regions: number, K: number): boolean {
    if (regions === 0) return true;
    const { options, optionCount } = this;
    if (this.byStart.length < regions + 1) this.byStart = new Int32Array(2 * regions + 1);
    // Colours by region, packed: region g's colours are byColour[byStart[g] .. byStart[g + 1]).
    const start = this.byStart;
    start.fill(0, 0, regions + 1);
    for (let c = 1; c <= K; c++) for (let k = 0; k < optionCount[c]!; k++) start[options[4 * c + k]! + 1]++;
    for (let g = 0; g < regions; g++) start[g + 1] += start[g]!;
    const fill = this.fillAt;
    for (let g = 0; g < regions; g++) fill[g] = start[g]!;
    const byColour = this.byColour;
    for (let c = 1; c <= K; c++) for (let k = 0; k < optionCount[c]!; k++) byColour[fill[options[4 * c + k]!]!++] = c;
    this.owner.fill(-1);
    this.seenColour.fill(-1);
    for (let g = 0; g < regions; g++) if (!this.augment(g, g)) return false;
    return true;
  }

  private augment(g: number, round: number): boolean {
    const { byStart: start, byColour, owner, seenColour: seen } = this;
    for (let k = start[g]!; k < start[g + 1]!; k++) {
      const c = byColour[k]!;
      if (seen[c] === round) continue;
      seen[c] = round;
      if (owner[c]! < 0 || this.augment(owner[c]!, round)) {
        owner[c] = g;
        return true;
      }
    }
    return false;
  }
}
