import { hashState } from './rng.js';
import { fail } from './errors.js';

/** Crockford base32: no I, L, O, U, so a code copied by hand from paper is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SEED_CHARS = 8; // 40 bits: collisions stay negligible for a whole school's batch

/** The per-puzzle seed: a fixed-length base32 word derived from the run's seed and the puzzle's place. */
export function puzzleSeed(runSeed: string, kind: string, index: number): string {
  const [a, b] = hashState(`${runSeed}\u0000${kind}\u0000${index}`) as [number, number];
  let out = '';
  let hi = a >>> 0;
  let lo = b >>> 0;
  for (let i = 0; i < SEED_CHARS; i++) {
    out += ALPHABET[(lo ^ hi) & 31];
    lo = (lo >>> 5) | ((hi & 31) << 27);
    hi = hi >>> 5;
  }
  return out;
}

/** A puzzle code: kind letter, the kind's compact options, a dash, the puzzle seed. */
export function makeCode(letter: string, options: string, seed: string): string {
  return `${letter}${options}-${seed}`;
}

export interface ParsedCode {
  letter: string;
  options: string;
  seed: string;
}

/** Normalises what a person typed (case, O for 0, I/L for 1, spaces) and splits it up. */
export function parseCode(raw: string): ParsedCode {
  const text = raw.trim().replace(/\s+/g, '');
  const dash = text.lastIndexOf('-');
  if (dash < 2) {
    fail(`"${raw}" is not a puzzle code: a code looks like K6H-4F7Q2X9M (letters, a dash, 8 characters), as printed under each puzzle`);
  }
  const seed = text
    .slice(dash + 1)
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (seed.length !== SEED_CHARS || [...seed].some((c) => !ALPHABET.includes(c))) {
    fail(`"${raw}" is not a puzzle code: the part after the dash must be ${SEED_CHARS} characters from ${ALPHABET}`);
  }
  return { letter: text[0]!.toUpperCase(), options: text.slice(1, dash), seed };
}
