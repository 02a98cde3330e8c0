import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCode, parseCode, puzzleSeed, seedText } from '../src/core/code.js';
import { UserError } from '../src/core/errors.js';
import { canonicalOptions, fromCode, generateItems, kindPart, Templates } from '../src/run.js';
import { planPages } from '../src/layout/plan.js';
import { KINDS, findKind } from '../src/kinds/index.js';
import { cli } from './helpers/cli.js';
import { readPages } from './helpers/pdf-words.js';

/** Every character a person could type into a code. */
const TYPABLE = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.-';

/** Options texts as the kinds print them: defaults, odd cases, dots, both cases of one letter. */
const SAMPLES: [string, string][] = [
  ['K', '6HF'], ['K', '9XZ'], ['F', '10x10m'], ['F', '8x8h5.7'], ['M', ''], ['M', 'N'], ['M', 'n'],
  ['M', 'P2.3.5.7G15.15m7c5f'], ['D', '8Arc0'], ['D', '8arc0n31s60.5'], ['L', 'F71210'], ['S', '6A'],
];

function codes(): string[] {
  const out: string[] = [];
  SAMPLES.forEach(([letter, opts], k) => {
    for (let i = 0; i < 3; i++) out.push(makeCode(letter, opts, puzzleSeed(`s${k}`, letter, i)));
  });
  return out;
}

/** What a code means once read: the letter, the options as printed, the seed. */
function meaning(text: string): string {
  const p = parseCode(text, canonicalOptions);
  return `${p.letter}|${canonicalOptions(p.letter, p.options) ?? p.options}|${p.seed}`;
}

function variants(code: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < code.length; i++) {
    for (const c of TYPABLE) if (c !== code[i]) out.add(code.slice(0, i) + c + code.slice(i + 1));
    if (i + 1 < code.length && code[i] !== code[i + 1]) out.add(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2));
  }
  return [...out];
}

describe('codes with a check', () => {
  it('read back to the letter, options and seed they were made from', () => {
    for (const code of codes()) {
      const p = parseCode(code);
      expect(p.checked).toBe(true);
      expect(makeCode(p.letter, p.options, p.seed)).toBe(code);
      expect(code.length - code.lastIndexOf('-') - 1).toBe(10);
    }
  });

  it('refuse every single wrong character and every swapped neighbour pair, or mean the same puzzle', () => {
    let refused = 0;
    let harmless = 0;
    for (const code of codes()) {
      const meant = meaning(code);
      for (const v of variants(code)) {
        let got: string;
        try {
          got = meaning(v);
        } catch (e) {
          expect(e).toBeInstanceOf(UserError);
          expect((e as Error).message).toContain('check the code');
          refused++;
          continue;
        }
        // The only forgiven changes: O for 0, I or L for 1, the case of the seed, the kind letter
        // or of options the kind reads in any case. They give the very same puzzle.
        expect(got, `${code} typed as ${v}`).toBe(meant);
        harmless++;
      }
    }
    expect(refused).toBeGreaterThan(20000);
    expect(harmless).toBeGreaterThan(0);
  });

  it('read the same typed all in capitals, all in small letters, or with a space for the dash', () => {
    // codes of options a kind can print (a few samples above are made-up options, read only by the check)
    const printable = codes().filter((c) => canonicalOptions(c[0]!, c.slice(1, c.indexOf('-'))) !== undefined);
    expect(printable.length).toBeGreaterThanOrEqual(24);
    for (const code of printable) {
      const meant = meaning(code);
      const spaced = code.replace('-', ' ');
      for (const typed of [code.toUpperCase(), code.toLowerCase(), spaced, ` ${spaced.toLowerCase()} `]) expect(meaning(typed), `${code} typed as ${typed}`).toBe(meant);
    }
  });

  it('still read old codes without a check, to the same puzzle as before', () => {
    const calcudoku = findKind('calcudoku')!;
    const [item] = generateItems(calcudoku, calcudoku.schema.parse({ size: 4, difficulty: 'easy' }), 'old', 1);
    const old = seedText(item!.code);
    expect(old).toMatch(/^K4E.-[0-9A-Z]{8}$/);
    expect(parseCode(old).checked).toBeUndefined();
    const again = fromCode(old.toLowerCase());
    expect(again.item.model).toEqual(item!.model);
    expect(fromCode(item!.code).item.model).toEqual(item!.model);
  });

  it('tell the code apart from other text with "check the code"', () => {
    for (const bad of ['hello', 'K6HF-ABC', 'K6HF-503STSQQ7', 'K6HF503STSQQ7R', '6HF-503STSQQ7R']) {
      expect(() => parseCode(bad)).toThrow(/check the code/);
    }
  });

  it('every kind prints codes that `key` reads back', () => {
    for (const kind of KINDS) {
      const options = kind.schema.parse({});
      const code = makeCode(kind.letter, kind.encode(options), puzzleSeed('x', kind.name, 0));
      const p = parseCode(code, canonicalOptions);
      expect(kind.encode(kind.decode(p.options))).toBe(kind.encode(options));
    }
  });
});

describe('key for a deck', () => {
  it('prints the symbol list and a card list, not the deck', () => {
    const dobble = findKind('dobble')!;
    const options = dobble.schema.parse({});
    const [deck] = generateItems(dobble, options, 'deck', 1);
    const templates = new Templates();
    const part = kindPart(dobble, options, [deck!], { paper: 'a4', layout: { cols: 1, rows: 1 }, key: true }, templates);
    const pages = planPages([part], true);
    expect(pages.length).toBeLessThanOrEqual(4);
    expect(pages.map((p) => p.vars.section)).toEqual(['Symbols', 'Card list', 'Card list']);
    const full = planPages([kindPart(dobble, options, [deck!], { paper: 'a4' }, templates)], false);
    expect(full.length).toBeGreaterThan(10);
  });

  it('names the deck\'s code on every page of cards, so a lost symbol list can be made again', () => {
    const dobble = findKind('dobble')!;
    const options = dobble.schema.parse({});
    const [deck] = generateItems(dobble, options, 'deck', 1);
    const pages = planPages([kindPart(dobble, options, [deck!], { paper: 'a4' }, new Templates())], false).filter((p) => p.template === 'cards');
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) expect(p.vars.code).toBe(deck!.code);
    const dir = mkdtempSync(join(tmpdir(), 'pp-deck-'));
    expect(cli(['dobble', '--seed', 'deck', '--out', join(dir, 'd.pdf'), '--json', join(dir, 'd.json')]).code).toBe(0);
    const code = (JSON.parse(readFileSync(join(dir, 'd.json'), 'utf8')) as { code: string }).code;
    for (const page of ['1', '5']) expect(execFileSync('pdftotext', ['-f', page, '-l', page, join(dir, 'd.pdf'), '-'], { encoding: 'utf8' })).toContain(code);
    // a worksheet's page of several puzzles has no one code
    const calcudoku = findKind('calcudoku')!;
    const copts = calcudoku.schema.parse({ size: 4 });
    const sheet = planPages([kindPart(calcudoku, copts, generateItems(calcudoku, copts, 'sheet', 4), { paper: 'a4' }, new Templates())], false);
    expect(sheet[0]!.vars.code).toBe('');
  });

  it('writes a few pages from the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-key-'));
    const dobble = findKind('dobble')!;
    const code = makeCode('D', dobble.encode(dobble.schema.parse({ backs: true })), puzzleSeed('k', 'dobble', 0));
    const r = cli(['key', code, '--out', join(dir, 'k.pdf')]);
    expect(r.code, r.stderr).toBe(0);
    const r2 = cli(['key', code.slice(0, -3) + code.at(-2) + code.at(-3) + code.at(-1), '--out', join(dir, 'x.pdf')]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/check the code/);
  });
});

describe('an answer from its code', () => {
  it('is headed by its code, not numbered as if it were the set\'s first puzzle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-key-number-'));
    // the fifth puzzle of a set and the fifth board of a Fultiples set, as printed for a pupil
    for (const [args, want] of [
      [['calcudoku', '--size', '4', '--count', '5', '--seed', 'fifth'], 'calcudoku'],
      [['fultiples', '--count', '5', '--task', 'multiples:7', '--seed', 'fifth'], 'fultiples'],
    ] as const) {
      expect(cli([...args, '--json', `${want}.json`, '--out', `${want}.pdf`], dir).code).toBe(0);
      const code = (JSON.parse(readFileSync(join(dir, `${want}.json`), 'utf8')) as { puzzles: { code: string }[] }).puzzles[4]!.code;
      expect(cli(['key', code, '--out', `${want}-key.pdf`], dir).code).toBe(0);
      const words = readPages(join(dir, `${want}-key.pdf`))[0]!.words;
      // the code over the answer, and beside it no number (it said 1) and no "Board 1"
      // (the heading names the code first, the footer last)
      const over = words.filter((w) => w.text === code).sort((a, b) => a.y0 - b.y0)[1]!;
      expect(over, want).toBeDefined();
      const beside = words.filter((w) => Math.abs(w.y1 - over.y1) < 3 && w !== over).map((w) => w.text);
      expect(beside, want).toEqual([]);
    }
  }, 60_000);
});

describe('the example code a message gives', () => {
  it('is a real code, and the one the form and the README show: typed in, it opens its answer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-example-code-'));
    const wrong = cli(['key', 'hello'], dir);
    expect(wrong.code).toBe(2);
    const example = /looks like (\S+)/.exec(wrong.stderr)?.[1];
    expect(example, wrong.stderr).toBe('K6HF-503STSQQX6');
    expect(readFileSync(join(__dirname, '../README.md'), 'utf8')).toContain(`key ${example}`);
    const right = cli(['key', example!, '--out', 'k.pdf'], dir);
    expect(right.code, right.stderr).toBe(0);
  });
});
