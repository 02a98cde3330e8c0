import { describe, expect, it } from 'vitest';
import { codesIn, makeCode, parseCode, puzzleSeed } from '../src/core/code.js';
import { parseCommon } from '../src/core/options.js';
import { canonicalOptions } from '../src/run.js';

// What a teacher types or pastes into the page (and the command line), read as they meant it.

describe('a code typed in groups or pasted from a footer', () => {
  const code = makeCode('K', '4E3', puzzleSeed('typed', 'calcudoku', 0)); // K4E3-XXXXXXXXXX
  const [prefix, tail] = code.split('-') as [string, string];

  it('reads spaces anywhere in a code, putting the dash back before its last 10 characters', () => {
    const groups = `${prefix} ${tail.slice(0, 4)} ${tail.slice(4, 8)} ${tail.slice(8)}`.toLowerCase(); // k4e3 za44 0yag 0g
    for (const typed of [groups, `${prefix}${tail}`, `${prefix} ${tail}`, `${prefix}-${tail.slice(0, 5)} ${tail.slice(5)}`, ` ${code} `]) {
      expect(parseCode(typed, canonicalOptions), typed).toMatchObject({ letter: 'K', options: '4E3', seed: tail.slice(0, 8), checked: true });
    }
    // a character wrong is still caught
    const wrong = `${prefix} ${tail.slice(0, 4)} ${tail.slice(4, 8)} ${tail[8] === '0' ? '1' : '0'}${tail[9]}`;
    expect(() => parseCode(wrong, canonicalOptions)).toThrow(/does not add up/);
  });

  it('finds each code in a footer line with several, and takes other text as one code', () => {
    const others = [1, 2].map((i) => makeCode('F', '8x8m', puzzleSeed('typed', 'flow', i)));
    expect(codesIn(`1: ${code}   2: ${others[0]}  3: ${others[1]}`)).toEqual([code, ...others]);
    expect(codesIn(code)).toEqual([code]);
    expect(codesIn('hello')).toEqual(['hello']);
    for (const c of codesIn(`1: ${code} 2: ${others[0]}`)) expect(parseCode(c, canonicalOptions).checked).toBe(true);
  });
});

describe('puzzles a page', () => {
  it('takes 2x3 written with spaces, a capital X or a times sign', () => {
    for (const typed of ['2x3', '2 x 3', '2X3', '2×3', '2 × 3', ' 2x 3 ']) expect(parseCommon({ layout: typed }).layout, typed).toEqual({ cols: 2, rows: 3 });
    for (const bad of ['9x9', '2 by 3', '2x', 'x3', '2x3x4']) expect(() => parseCommon({ layout: bad }), bad).toThrow(/--layout must be columns x rows/);
  });
});

describe('messages read aloud', () => {
  it('say "an" before a word or number that sounds like a vowel', async () => {
    const { aOrAn } = await import('../src/core/errors.js');
    expect(['8', '8x8', '11x11', '18', 'easy', 'expert', '6x6', '12x12', 'hard', 'medium', '85', '110'].map((w) => `${aOrAn(w)} ${w}`)).toEqual(['an 8', 'an 8x8', 'an 11x11', 'an 18', 'an easy', 'an expert', 'a 6x6', 'a 12x12', 'a hard', 'a medium', 'an 85', 'a 110']);
    const { parseKindOptions } = await import('../src/core/options.js');
    const { findKind } = await import('../src/kinds/index.js');
    expect(() => parseKindOptions(findKind('flow')!, { size: '8', colors: '30' })).toThrow(/^--colors 30: an 8x8 grid fits at most/);
  });
});

describe('a worked example neither on nor off', () => {
  it('is quoted as every other bad value is', async () => {
    // it said (got example "x") before
    const { calcudoku } = await import('../src/kinds/calcudoku/index.js');
    const { flow } = await import('../src/kinds/flow/index.js');
    for (const kind of [calcudoku, flow] as { schema: { parse(v: unknown): unknown } }[]) {
      expect(() => kind.schema.parse({ example: 'x' })).toThrow(/^--no-example is a switch: give it to leave the worked example out \(got "x"\)$/);
      expect(kind.schema.parse({ example: 'false' })).toMatchObject({ example: false });
    }
  });
});
