import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

type Generator = ReturnType<typeof xoroshiro128plusFromState>;

/** 128 bits of state from a string, so any seed text (a word, a code) gives a full-width state. */
export function hashState(text: string): number[] {
  // Four independent 32-bit FNV-1a/murmur-mixed lanes; good enough to spread similar seeds apart.
  const out: number[] = [];
  for (let lane = 0; lane < 4; lane++) {
    let h = (0x811c9dc5 ^ Math.imul(lane + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out.push(h | 0);
  }
  if (out[0] === 0 && out[1] === 0 && out[2] === 0 && out[3] === 0) out[0] = 1; // xoroshiro must not start all-zero
  return out;
}

/**
 * The seeded random source every generator receives. Deterministic for a given seed string on
 * every platform (pure-rand does integer arithmetic only), which is what makes codes reproducible.
 */
export class Rng {
  /**
   * The last one made, so its shape outlives it. V8 gives an instance its shape field by field and
   * keeps those shapes only while some object has them: a full collection that ran between two
   * puzzles, when no Rng was alive, threw the shape away, and with it the optimised code of every
   * generator function that had met it, to be compiled again for the next puzzle (20-30 times each
   * in a 1,000-pupil batch; "weak objects" in node --trace-deopt). The same holds for Human and Search.
   */
  private static last: Rng | undefined;
  private gen: Generator;

  constructor(seed: string) {
    this.gen = xoroshiro128plusFromState(hashState(seed));
    Rng.last = this;
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return uniformInt(this.gen, lo, hi);
  }

  /** Float in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Fisher-Yates in place; returns the same array for chaining. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }

  /** An independent stream, e.g. for layout randomness that must not disturb the puzzle stream. */
  fork(label: string): Rng {
    return new Rng(`${this.gen.getState().join(',')}/${label}`);
  }
}
