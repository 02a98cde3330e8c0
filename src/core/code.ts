import { hashState } from './rng.js';
import { fail } from './errors.js';

/** Crockford base32: no I, L, O, U, so a code copied by hand from paper is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SEED_CHARS = 8; // 40 bits: collisions stay negligible for a whole school's batch
const CHECK_CHARS = 2; // codes printed since the check was added carry two more characters

/**
 * Values of every character a code may hold. Base32 characters come first with their own values:
 * the proof below that a swap across the seed/check border is caught needs that.
 */
const VALUES = `${ALPHABET}ILOUabcdefghijklmnopqrstuvwxyz.-`;
/** A prime above 32 * 31 + 31 would not fit two base32 characters; 1021 is the largest that does. */
const MODULUS = 1021;

/**
 * The check of a code's body (letter, options, seed): minus the sum of each character's value
 * times its place counted from the end, modulo the prime 1021. A single changed character at
 * place w changes the sum by w * d with 0 < w, |d| < 1021, never a multiple of the prime; a swap of
 * neighbours a, b changes it by a - b. A swap of the last seed character with the first check
 * character changes the total by (b - a) * (1 - 32), again never a multiple. So every single
 * wrong character and every swapped neighbour pair is refused.
 */
function checkValue(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const v = VALUES.indexOf(body[i]!);
    if (v < 0) return -1;
    sum = (sum + (body.length - i) * (v + 1)) % MODULUS;
  }
  return (MODULUS - sum) % MODULUS;
}

function checkText(body: string): string {
  const v = checkValue(body);
  return v < 0 ? '??' : ALPHABET[v >> 5]! + ALPHABET[v & 31]!;
}

/**
 * The per-puzzle seed: a fixed-length base32 word derived from the run's seed and the puzzle's place.
 * `attempt`: the puzzle made again for that place (see generateItems); 0 keeps the seeds of before.
 */
export function puzzleSeed(runSeed: string, kind: string, index: number, attempt = 0): string {
  const [a, b] = hashState(`${runSeed}\u0000${kind}\u0000${index}${attempt ? `\u0000${attempt}` : ''}`) as [number, number];
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

/** A puzzle code: kind letter, the kind's compact options, a dash, the puzzle seed, two check characters. */
export function makeCode(letter: string, options: string, seed: string): string {
  return `${letter}${options}-${seed}${checkText(letter + options + seed)}`;
}

/**
 * The text a code's puzzle is generated from: the code without its check, so a puzzle printed
 * before codes had a check and the same puzzle printed now are one puzzle.
 */
export function seedText(code: string): string {
  const dash = code.lastIndexOf('-');
  return code.length - dash - 1 === SEED_CHARS + CHECK_CHARS ? code.slice(0, -CHECK_CHARS) : code;
}

/**
 * The code as typed, without its spaces and with its dash. A space where the dash goes
 * (K6HF 4F7Q2X9MXA) is read as the dash. A code copied in groups without its dash
 * (k4e3 za44 0yag 0g) has it put back before its last 10 characters: the part after the dash of
 * every code printed now is that long, so this is the one place it can go.
 */
function dashed(raw: string): string {
  const spaced = raw.trim();
  if (spaced.includes('-')) return spaced.replace(/\s+/g, '');
  const last = /\S+$/.exec(spaced)?.[0] ?? '';
  const joined = spaced.replace(/\s+/g, '');
  if (last.length !== SEED_CHARS + CHECK_CHARS && last.length !== SEED_CHARS && joined.length > SEED_CHARS + CHECK_CHARS) {
    return `${joined.slice(0, -(SEED_CHARS + CHECK_CHARS))}-${joined.slice(-(SEED_CHARS + CHECK_CHARS))}`;
  }
  return spaced.replace(/\s+(?=\S+$)/, '-').replace(/\s+/g, '');
}

// a code inside other text: kind letter and options, a dash, 10 letters and digits (8 on old codes)
const CODE_IN_TEXT = /(?<![0-9A-Za-z.-])[A-Za-z][0-9A-Za-z.]*-[0-9A-Za-z]{8}(?:[0-9A-Za-z]{2})?(?![0-9A-Za-z.-])/g;

/**
 * The codes in a pasted line, as a page's footer prints them ("1: K4E3-ZA440YAG0G   2: ..."): each
 * code-shaped word, in order. Text holding fewer than two is taken as one code, as typed.
 */
export function codesIn(text: string): string[] {
  const found = text.match(CODE_IN_TEXT) ?? [];
  return found.length >= 2 ? found : [text];
}

export interface ParsedCode {
  letter: string;
  options: string;
  seed: string;
  /** True when the code carried a check and it held; old codes (no check) read as before. */
  checked?: boolean;
}

// kinds' codes differ before the dash (K6HF-, F8x8e-, LF71210-): only the part after it has a fixed length
const LOOKS_LIKE = 'a code looks like K6HF-503STSQQX6 (letters and numbers, a dash, then 10 letters and numbers), as printed beside each puzzle';

/** Most letters in a code's options whose case is tried both ways (2^6 spellings). */
const MOST_CASE_LETTERS = 6;

/**
 * The options as typed or, for text typed all in one case, each way of writing its letters in upper
 * or lower case (the typed one among them), when there are few enough letters.
 */
function caseVariants(options: string): string[] {
  const oneCase = options === options.toUpperCase() || options === options.toLowerCase();
  const at = [...options].flatMap((c, i) => (c.toLowerCase() !== c.toUpperCase() ? [i] : []));
  if (!oneCase || at.length > MOST_CASE_LETTERS) return [options];
  const out: string[] = [];
  for (let mask = 0; mask < 1 << at.length; mask++) {
    const chars = [...options.toLowerCase()];
    at.forEach((i, b) => {
      if (mask & (1 << b)) chars[i] = chars[i]!.toUpperCase();
    });
    out.push(chars.join(''));
  }
  return out;
}

function upper32(text: string): string {
  return text.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * Normalises what a person typed (case, O for 0, I/L for 1, spaces), splits it up and, when the
 * code has a check, refuses it unless the check holds. `canonical` may rewrite the options the way
 * the kind prints them, for kinds that read their options in any case.
 */
export function parseCode(raw: string, canonical?: (letter: string, options: string) => string | undefined): ParsedCode {
  const text = dashed(raw);
  const dash = text.lastIndexOf('-');
  // One dash only: no kind's options hold one, and a second dash would make a checked code look old.
  if (dash < 1 || text.indexOf('-') !== dash || !/^[A-Za-z]/.test(text)) {
    fail(`"${raw}" is not a puzzle code: ${LOOKS_LIKE}; check the code`);
  }
  const tail = upper32(text.slice(dash + 1));
  if ((tail.length !== SEED_CHARS && tail.length !== SEED_CHARS + CHECK_CHARS) || [...tail].some((c) => !ALPHABET.includes(c))) {
    fail(`"${raw}" is not a puzzle code: the part after the dash must be ${SEED_CHARS + CHECK_CHARS} letters and digits (codes have no letter U); check the code`);
  }
  const letter = text[0]!.toUpperCase();
  const options = text.slice(1, dash);
  const seed = tail.slice(0, SEED_CHARS);
  if (tail.length === SEED_CHARS) return { letter, options, seed };
  const check = tail.slice(SEED_CHARS);
  if (checkText(letter + options + seed) === check) return { letter, options, seed, checked: true };
  // Only a change of case may be forgiven: any other change is a typing mistake the check must catch.
  // Some kinds print both cases with different meanings (Dobble's A for all pictures, a for
  // animals): a code typed all in one case is matched against the ways the kind prints it, and
  // taken when exactly one of them passes the check.
  const fits = new Set<string>();
  for (const v of caseVariants(options)) {
    const printed = canonical?.(letter, v);
    if (printed !== undefined && printed.toLowerCase() === options.toLowerCase() && checkText(letter + printed + seed) === check) fits.add(printed);
  }
  if (fits.size === 1) return { letter, options: [...fits][0]!, seed, checked: true };
  fail(`"${raw}" does not add up: a character is mistyped or two are swapped; check the code against the printed page`);
}
