import { describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { messages } from '../src/i18n/messages.js';
import '../src/port/node.js';
import { Draw } from '../src/pdf/draw.js';
import { createDocument } from '../src/pdf/document.js';
import { drawGames } from '../src/kinds/dobble/rules.js';
import { drawRules } from '../src/kinds/ludo/draw-pages.js';

const dir = mkdtempSync(join(tmpdir(), 'pp-scripts-'));
const text = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
/** pdftotext may break lines anywhere and shape Arabic into presentation forms: compare letters only, in order. */
const letters = (s: string) => s.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '');

describe('Arabic and Chinese pages read back in logical order', () => {
  for (const lang of ['ar', 'zh']) {
    it(`${lang}: a Calcudoku sheet, its key and a Dobble rules page give the words back`, () => {
      const m = messages(lang);
      const calc = join(dir, `calc-${lang}.pdf`);
      const dob = join(dir, `dobble-${lang}.pdf`);
      expect(cli(['calcudoku', '--size', '6', '--count', '4', '--seed', 'demo', '--lang', lang, '--out', calc]).code).toBe(0);
      expect(cli(['dobble', '--seed', 'demo', '--lang', lang, '--out', dob]).code).toBe(0);
      const sheet = letters(text(calc));
      // Whole sentences and headings, each a run of its own script; a line mixing runs (a heading's colon) is
      // ordered by pdftotext's own bidi, so the answer key's title is checked by its words.
      for (const words of [m.t('calcudoku.fill', { n: 6 }), m.t('field.name'), m.t('kind.calcudoku.defaultTitle'), m.t('section.answerKey')]) {
        expect(sheet).toContain(letters(words));
      }
      const rules = letters(text(dob));
      for (const key of ['dobble.game.oneRule.title', 'dobble.game.tower.title', 'dobble.waysToPlay']) expect(rules).toContain(letters(m.t(key)));
      expect(rules).toContain(letters(m.t('dobble.game.oneRule.2')));
    }, 120_000);
  }
});

describe('headings start where the language starts a line', () => {
  /** The left and right edges (pt) of the first word pdftotext finds containing `word`. */
  function edges(file: string, word: string): [number, number] {
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const page = Number(/<page width="([\d.]+)"/.exec(html)![1]);
    for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)) {
      // -bbox gives right-to-left words in visual order: the letters reversed
      const found = letters(m[3]!);
      if (found.includes(letters(word)) || [...found].reverse().join('').includes(letters(word))) return [Number(m[1]), page - Number(m[2])];
    }
    throw new Error(`${word} not found`);
  }

  it('an Arabic title sits against the right margin, an English one against the left; footers mirror too', () => {
    const ar = join(dir, 'title-ar.pdf');
    const en = join(dir, 'title-en.pdf');
    expect(cli(['calcudoku', '--size', '4', '--count', '2', '--seed', 'demo', '--lang', 'ar', '--title', 'الحساب', '--out', ar]).code).toBe(0);
    expect(cli(['calcudoku', '--size', '4', '--count', '2', '--seed', 'demo', '--title', 'Sums', '--out', en]).code).toBe(0);
    const [arLeft, arRight] = edges(ar, 'الحساب');
    const [enLeft, enRight] = edges(en, 'Sums');
    expect(arRight).toBeLessThan(60); // within the right margin's reach
    expect(arLeft).toBeGreaterThan(300);
    expect(enLeft).toBeLessThan(60);
    expect(enRight).toBeGreaterThan(300);
    // the page number at the end of the line: the left margin in Arabic, the right in English
    const [arPageLeft] = edges(ar, messages('ar').t('page.number', { page: 1, pages: 2 }).split(' ')[0]!);
    const [enPageLeft, enPageRight] = edges(en, 'Page');
    // ("Page" starts the line "Page 1 of 2": about 65 pt from its margin)
    expect(arPageLeft).toBeLessThan(100);
    expect(enPageRight).toBeLessThan(100);
    expect(enPageLeft).toBeGreaterThan(300);
    // Name, Date, Class: Name first where lines start, its writing line on the side the text runs to
    const [arNameLeft, arNameRight] = edges(ar, messages('ar').t('field.name'));
    const [enNameLeft] = edges(en, 'Name:');
    expect(arNameRight).toBeLessThan(60);
    expect(arNameLeft).toBeGreaterThan(400);
    expect(enNameLeft).toBeLessThan(60);
  }, 60_000);
  /** The left edge of a word of `sentence` that appears once on page 1 (so it can only be this sentence's). */
  function uniqueWordLeft(file: string, sentence: string): number {
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const words = [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((w) => ({ x: Number(w[1]), l: letters(w[2]!) }));
    const read = (l: string) => [l, [...l].reverse().join('')];
    for (const token of sentence.split(/\s+/).map(letters).filter((t) => t.length > 3)) {
      const hits = words.filter((w) => read(w.l).includes(token));
      if (hits.length === 1) return hits[0]!.x;
    }
    throw new Error(`no word of "${sentence}" is alone on the page`);
  }

  it('right to left, puzzles, worked example steps and game sheet columns run from the right', () => {
    const where = (lang: string, args: string[]) => {
      const file = join(dir, `order-${lang}-${args[0]}.pdf`);
      const json = join(dir, `order-${lang}-${args[0]}.json`);
      expect(cli([...args, '--seed', 'demo', '--lang', lang, '--out', file, '--json', json]).code).toBe(0);
      const codes = (JSON.parse(readFileSync(json, 'utf8')) as { puzzles: { code: string }[] }).puzzles.map((p) => p.code);
      return { file, codes };
    };
    for (const lang of ['ar', 'en']) {
      const rtl = lang === 'ar';
      // puzzle 1 and 2 share the first row: 1 at the right in Arabic, at the left in English
      const calc = where(lang, ['calcudoku', '--size', '6', '--count', '4']);
      const [one] = edges(calc.file, calc.codes[0]!);
      const [two] = edges(calc.file, calc.codes[1]!);
      expect(one > two, `${lang}: puzzle 1 right of puzzle 2`).toBe(rtl);
      // the worked example's first step beside its third, the same way
      const m = messages(lang);
      const step = (key: string, vars: Record<string, number>) => uniqueWordLeft(calc.file, m.t(`calcudoku.example.${key}`, vars));
      expect(step('one', { n: 2 }) > step('last', { a: 2, b: 1, n: 3 }), `${lang}: example step 1 right of step 3`).toBe(rtl);
      // Fultiples: the rules (read first) beside the example
      const game = where(lang, ['fultiples']);
      const rules = uniqueWordLeft(game.file, m.t('fultiples.howToPlay'));
      const example = uniqueWordLeft(game.file, m.t('fultiples.example'));
      expect(rules > example, `${lang}: How to play right of Example`).toBe(rtl);
    }
  }, 120_000);
});

describe('rules pages put their bullets where the language starts a line', () => {
  const box = { x: 50, y: 50, w: 400, h: 700 };
  /** The x of every bullet drawn and the left edge of every line of rules. */
  function drawn(draw: (d: Draw) => void): { bullets: number[]; lines: number[] } {
    const d = new Draw(createDocument('a4', { title: 't', subject: '', keywords: '' }));
    d.doc.addPage();
    const circle = vi.spyOn(d, 'circle');
    const paragraph = vi.spyOn(d, 'paragraph');
    draw(d);
    return { bullets: circle.mock.calls.map((c) => c[0]), lines: paragraph.mock.calls.map((c) => c[1]) };
  }
  for (const [name, draw] of [
    ['Dobble', (d: Draw, lang: string) => drawGames(d, box, false, messages(lang))],
    ['Ludo', (d: Draw, lang: string) => drawRules(d, box, messages(lang))],
  ] as const) {
    it(`${name}: at the right margin in Arabic, the left in English`, () => {
      const ar = drawn((d) => draw(d, 'ar'));
      const en = drawn((d) => draw(d, 'en'));
      expect(ar.bullets.length).toBeGreaterThan(5);
      expect(ar.bullets.length).toBe(en.bullets.length);
      for (const x of ar.bullets) expect(x).toBeGreaterThan(box.x + box.w - 15);
      for (const x of en.bullets) expect(x).toBeLessThan(box.x + 15);
      for (const x of ar.lines) expect(x).toBe(box.x);
      for (const x of en.lines) expect(x).toBeGreaterThan(box.x);
    });
  }
});
