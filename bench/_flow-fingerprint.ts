/**
 * A fingerprint of the Flow generator and search, for changes meant to make them faster without
 * changing anything they do: generated puzzles (5x5 to 20x20, rectangles, every level) and, on
 * those puzzles and on random covers, the search's answers, node counts, early give-ups and
 * grades. Run it on the old and the new version and compare the outputs byte for byte:
 *   node --import tsx bench/_flow-fingerprint.ts > before.txt   (about 1-2 minutes)
 * `gen` or `rand` as an argument runs only that half. Not a bench of its own (the leading _).
 */
import { createHash } from 'node:crypto';
import { Rng } from '../src/core/rng.js';
import { growCover, linksOf } from '../src/kinds/flow/cover.js';
import { flow } from '../src/kinds/flow/index.js';
import { cluesOf, type Clues } from '../src/kinds/flow/model.js';
import { cluesOfCover } from '../src/kinds/flow/repair.js';
import { Search, searchSolutions } from '../src/kinds/flow/search.js';
import type { Count } from '../src/kinds/flow/solver.js';

const part = process.argv[2] ?? 'all';
const out: string[] = [];
const hash = (u: Uint8Array | undefined) => (u ? createHash('sha1').update(u).digest('hex').slice(0, 12) : '-');
const show = (r: Count) => `${r.solutions}/${hash(r.other)}/${r.gaveUp ? 1 : 0}/${r.hopeless ? 1 : 0}/${r.nodes}`;

/** The searches generation and check() make, with and without probing, early give-ups, `known`. */
function searches(tag: string, clues: Clues, known: Uint8Array): void {
  const parts = [
    show(searchSolutions(clues, known, 200_000, true, false)),
    show(searchSolutions(clues, known, 1500, true, true)),
    show(searchSolutions(clues, known, 800, true, true)),
    show(searchSolutions(clues, known, 20_000, false, false)),
    show(searchSolutions(clues, undefined, 20_000, true, false)),
  ];
  for (const upTo of [0, 1, 2]) {
    const g = new Search(clues, undefined, 0);
    parts.push(`${g.grade(upTo)}:${g.work()}:${g.openLinks()}:${hash(Uint8Array.from(g.loose()))}`);
  }
  out.push(`${tag} ${parts.join(' ')}`);
}

const SIZES = [[5, 5], [6, 6], [7, 7], [8, 8], [9, 9], [10, 10], [12, 12], [14, 14], [15, 15], [16, 10], [10, 16], [7, 12], [18, 18], [20, 20]] as const;
if (part === 'all' || part === 'gen') {
  for (const [w, h] of SIZES) {
    for (const level of ['easy', 'medium', 'hard', 'expert']) {
      const o = flow.schema.parse({ width: w, height: h, difficulty: level });
      const seeds = w * h > 300 && level !== 'easy' ? 1 : w * h <= 100 ? 6 : w * h <= 225 ? 3 : 1;
      for (let s = 0; s < seeds; s++) {
        let line: string;
        try {
          const m = flow.generate(o, new Rng(`rec-${w}x${h}-${level}-${s}`));
          line = JSON.stringify(m);
          if (w * h <= 225) {
            const cover = m.paths.map((p) => p.cells.map(([r, c]) => r * w + c));
            searches(`puz ${w}x${h} ${level} ${s}`, cluesOf(m), linksOf(cover, w, h));
          }
        } catch (e) {
          line = `ERR ${(e as Error).message}`;
        }
        out.push(`gen ${w}x${h} ${level} ${s} ${line}`);
      }
    }
  }
}
if (part === 'all' || part === 'rand') {
  // Random covers, most not unique: second solutions, give-ups and contradictions get exercised.
  for (const [w, h] of SIZES) {
    if (w * h > 256) continue;
    for (let s = 0; s < (w * h <= 100 ? 40 : 12); s++) {
      const rng = new Rng(`rand-${w}x${h}-${s}`);
      const lines = rng.int(Math.max(2, Math.round((w * h) / 22)), Math.round((w * h) / 5));
      const cover = growCover(w, h, lines, rng);
      if (!cover) out.push(`rand ${w}x${h} ${s} nocover`);
      else searches(`rand ${w}x${h} ${s} ${lines}`, cluesOfCover(cover, w, h), linksOf(cover, w, h));
    }
  }
}
process.stdout.write(`${out.join('\n')}\n`);
