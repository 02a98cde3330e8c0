import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/**
 * A booklet whose answers are printed in a file of their own says so on its first page (its
 * contents list has no answers then), as it names the file of a deck's cards.
 */

const plan = (answers: string, kinds: string[], lang = 'en') => `title: Week 3
seed: note
paper: a4
answers: ${answers}
lang: ${lang}
worksheets:
${kinds.map((k) => `  - kind: ${k}\n${k === 'calcudoku' ? '    size: 4\n    count: 1\n' : ''}`).join('')}`;

function firstPage(file: string): string {
  return execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function make(text: string, folded: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-answers-note-'));
  writeFileSync(join(dir, 'plan.yaml'), text);
  const r = cli(['batch', join(dir, 'plan.yaml'), '--workers', '1', '--out', join(dir, 'out'), ...(folded ? ['--booklet'] : [])], dir);
  expect(r.code, r.stderr).toBe(0);
  return join(dir, 'out');
}

describe('a booklet whose answers are a file of their own', () => {
  for (const folded of [false, true]) {
    it(`names that file on its first page (${folded ? 'folded' : 'flat'})`, () => {
      const out = make(plan('separate', ['calcudoku', 'flow']), folded);
      expect(existsSync(join(out, 'Week-3-answers.pdf'))).toBe(true);
      expect(firstPage(join(out, 'Week-3.pdf'))).toContain('The answers are in Week-3-answers.pdf.');
    }, 120_000);
  }

  it('names both files when a folded booklet keeps its cards apart too, in the booklet\'s language', () => {
    const out = make(plan('separate', ['calcudoku', 'dobble'], 'fr'), true);
    expect(existsSync(join(out, 'Week-3-answers.pdf'))).toBe(true);
    expect(existsSync(join(out, 'Week-3-cards.pdf'))).toBe(true);
    const text = firstPage(join(out, 'Week-3.pdf'));
    expect(text).toContain('Les corrigés sont dans Week-3-answers.pdf.');
    expect(text).toContain('Les cartes sont dans Week-3-cards.pdf');
  }, 120_000);

  it('says nothing of an answers file when the answers are inside it or there are none', () => {
    for (const answers of ['back', 'none']) {
      const out = make(plan(answers, ['calcudoku']), true);
      expect(existsSync(join(out, 'Week-3-answers.pdf'))).toBe(false);
      expect(firstPage(join(out, 'Week-3.pdf'))).not.toMatch(/answers are in/i);
    }
  }, 120_000);
});
