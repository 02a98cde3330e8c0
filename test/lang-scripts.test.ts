import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { messages } from '../src/i18n/messages.js';
import '../src/port/node.js';

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
