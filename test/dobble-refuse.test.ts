import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { wordsNote } from '../web/src/words-note.js';
import { dobble } from '../src/kinds/dobble/index.js';

describe('a card size the paper cannot take', () => {
  it('is refused in one line before any deck is made: no progress lines, exit code 2, no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-card-'));
    const r = cli(['dobble', '--card-size', '180', '--count', '3', '--seed', 'x', '--out', join(dir, 'd.pdf')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--card-size 180 mm does not fit on A4 paper: at most \d+ mm/)]);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the card size help', () => {
  it('names the largest card each paper takes, as the refusal does', () => {
    const help = dobble.options.find((o) => o.key === 'cardSize')!.description;
    for (const [paper, name] of [['a4', 'A4'], ['letter', 'Letter']]) {
      const said = Number(new RegExp(`(\\d+) on ${name}\\b`).exec(help)?.[1]);
      // a millimetre too big: refused by the paper's check (A4) or the option's range (Letter), each naming the same largest card
      const r = cli(['dobble', '--card-size', String(said + 1), '--paper', paper!, '--out', 'x.pdf'], mkdtempSync(join(tmpdir(), 'pp-size-')));
      expect(r.code).toBe(2);
      expect(Number((/at most (\d+) mm/.exec(r.stderr) ?? new RegExp(`(\\d+) on ${name}\\b`).exec(r.stderr))?.[1]), r.stderr).toBe(said);
    }
  });
});

describe('a word list that does not fit the deck', () => {
  it('offers Spot the match no --cards, which it does not have; Dobble still may print fewer cards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-words-'));
    writeFileSync(join(dir, 'w.txt'), Array.from({ length: 20 }, (_, i) => `word${i}`).join('\n'));
    const spot = cli(['spot-match', '--symbols', 'w.txt', '--seed', 'x', '--out', 'o.pdf'], dir);
    expect(spot.code).toBe(2);
    expect(spot.stderr).toMatch(/has 20 words but a deck with 6 symbols per card needs 31: add 11 more, or choose 4 --symbols-per-card \(a whole deck of 13 cards from 13 words\)$/m);
    const deck = cli(['dobble', '--symbols', 'w.txt', '--symbols-per-card', '6', '--seed', 'x', '--out', 'o.pdf'], dir);
    expect(deck.stderr).toMatch(/or at most \d+ --cards$/m);
  });

  it('offers fewer cards only as many as the words make, whatever the seed, and not at all when two cards need more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-fewer-'));
    writeFileSync(join(dir, 'w20.txt'), Array.from({ length: 20 }, (_, i) => `word${i}`).join('\n'));
    writeFileSync(join(dir, 'w10.txt'), Array.from({ length: 10 }, (_, i) => `word${i}`).join('\n'));
    const r = cli(['dobble', '--symbols', 'w20.txt', '--symbols-per-card', '6', '--seed', 'x', '--out', 'o.pdf'], dir);
    const most = Number(/or at most (\d+) --cards$/m.exec(r.stderr)?.[1]);
    expect(most, r.stderr).toBeGreaterThanOrEqual(2);
    // what is offered works, with other seeds too (a seed picks which cards of the deck are printed)
    for (const seed of ['x', 'other', 'week3']) {
      const made = cli(['dobble', '--symbols', 'w20.txt', '--symbols-per-card', '6', '--cards', String(most), '--seed', seed, '--out', `${seed}.pdf`], dir);
      expect(made.code, made.stderr).toBe(0);
    }
    // two cards of 8 share one symbol: 15 words at least, and there are 10 (before: "or fewer cards")
    const ten = cli(['dobble', '--symbols', 'w10.txt', '--symbols-per-card', '8', '--seed', 'x', '--out', 'o.pdf'], dir);
    expect(ten.code).toBe(2);
    expect(ten.stderr).toMatch(/has 10 words but/);
    expect(ten.stderr).not.toMatch(/--cards/);
  });

  it('says on the page which words a deck too small for the list leaves out, and how to use them all', () => {
    expect(wordsNote(20, 4)).toBe('A deck with 4 symbols a card uses 13 of your 20 words, chosen at random: 7 are left out. With 5 symbols a card, 21 words are used: add 1 more.');
    expect(wordsNote(21, 4)).toMatch(/: 8 are left out\. With 5 symbols a card, all 21 are used\.$/);
    // after 6 symbols a card the next deck is 8 (7 has none)
    expect(wordsNote(40, 6)).toMatch(/uses 31 of your 40 words.*With 8 symbols a card, 57 words are used: add 17 more\.$/);
    expect(wordsNote(13, 4)).toBe('');
    expect(wordsNote(5, 4)).toBe('');
  });
});

describe('a number of cards below zero', () => {
  it('is told the range, as zero is, not only that it must be a whole number', () => {
    for (const n of ['-3', '0']) {
      const r = cli(['dobble', '--cards', n, '--out', 'x.pdf'], mkdtempSync(join(tmpdir(), 'pp-cards-')));
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(`puzzlepress: --cards must be from 2 to 57: a deck with 8 symbols per card has 57 cards (got "${n}")`);
    }
  });
});
