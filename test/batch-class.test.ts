import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Page } from './helpers/pdf-words.js';

/** The words after "Class:" on its line, on each page that has one. */
function classLines(pages: Page[]): string[] {
  return pages.flatMap((p) => {
    const label = p.words.find((w) => w.text === 'Class:');
    if (!label) return [];
    return [p.words.filter((w) => Math.abs(w.y0 - label.y0) < 3 && w.x0 > label.x1).map((w) => w.text).join(' ')];
  });
}

const SHEETS = 'worksheets:\n  - kind: flow\n    size: 6\n    count: 2\n  - kind: calcudoku\n    size: 4\n    count: 1\n';

describe("a plan's class", () => {
  it("is printed on every pupil's Class line, and on a booklet's cover; without it the line is blank", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-class-'));
    writeFileSync(join(dir, 'with.yaml'), `title: Week 3\nclass: 5B\npupils: [Ava, Ben]\n${SHEETS}`);
    writeFileSync(join(dir, 'without.yaml'), `title: Week 3\npupils: [Ava, Ben]\n${SHEETS}`);
    writeFileSync(join(dir, 'book.yaml'), `title: Week 3\nclass: 5B\nbooklet: true\n${SHEETS}`);
    for (const plan of ['with', 'without', 'book']) expect(cli(['batch', `${plan}.yaml`, '--out', plan], dir).code, plan).toBe(0);
    for (const pupil of ['Ava', 'Ben']) {
      const pages = readPages(join(dir, 'with', `${pupil}.pdf`));
      expect(classLines(pages)).toEqual(pages.map(() => '5B'));
      expect(classLines(readPages(join(dir, 'without', `${pupil}.pdf`)))).toEqual(pages.map(() => ''));
    }
    // the booklet asks for the class on its cover only
    expect(classLines(readPages(join(dir, 'book', 'Week-3.pdf')))).toEqual(['5B']);
  }, 120_000);

  it('is refused when it is empty or too long, by its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-class-'));
    writeFileSync(join(dir, 'long.yaml'), `title: W\nclass: ${'x'.repeat(41)}\n${SHEETS}`);
    writeFileSync(join(dir, 'empty.yaml'), `title: W\nclass: ''\n${SHEETS}`);
    const long = cli(['batch', 'long.yaml', '--out', 'o'], dir);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/long\.yaml:2: class: must be at most 40 characters/);
    const empty = cli(['batch', 'empty.yaml', '--out', 'o'], dir);
    expect(empty.stderr).toMatch(/empty\.yaml:2: class: must not be empty/);
  }, 120_000);

  it("comes from the class list's Class column, pupil by pupil, before the plan's; two classes may share a name", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-class-'));
    writeFileSync(join(dir, 'school.csv'), 'Name,Class\nAva,5B\nSam Lee,5B\nSam Lee,6A\nBen,\n');
    writeFileSync(join(dir, 'school.yaml'), `title: Week 3\nclass: 4C\nroster: school.csv\n${SHEETS}`);
    // the web page saves the list in the plan, each class with its pupil
    writeFileSync(join(dir, 'saved.yaml'), `title: Week 3\npupils:\n  - {name: Ava, class: 5B}\n  - Ben\n${SHEETS}`);
    for (const plan of ['school', 'saved']) expect(cli(['batch', `${plan}.yaml`, '--out', plan], dir).code, plan).toBe(0);
    expect(readdirSync(join(dir, 'school')).sort()).toEqual(['Ava.pdf', 'Ben.pdf', 'Sam-Lee-5B.pdf', 'Sam-Lee-6A.pdf', 'all-pupils.pdf', 'answer-key.pdf', 'manifest.json']);
    const expected: [string, string][] = [['school/Ava', '5B'], ['school/Sam-Lee-5B', '5B'], ['school/Sam-Lee-6A', '6A'], ['school/Ben', '4C'], ['saved/Ava', '5B'], ['saved/Ben', '']];
    for (const [file, klass] of expected) {
      const pages = readPages(join(dir, `${file}.pdf`));
      expect(classLines(pages), file).toEqual(pages.map(() => klass));
    }
    // the key tells the two Sam Lees apart; a pupil with no class of their own is named alone
    const key = readPages(join(dir, 'school', 'answer-key.pdf')).map((p) => p.words.map((w) => w.text).join(' ')).join(' ');
    expect(key).toContain('Sam Lee (5B)');
    expect(key).toContain('Sam Lee (6A)');
    expect(key).toMatch(/Ben · /);
    expect(key).not.toContain('Ben (');
    const manifest = JSON.parse(readFileSync(join(dir, 'school', 'manifest.json'), 'utf8')) as { pupils: { name: string; class?: string; file: string }[] };
    expect(manifest.pupils.map((p) => [p.name, p.class ?? null, p.file])).toEqual([
      ['Ava', '5B', 'Ava.pdf'],
      ['Sam Lee', '5B', 'Sam-Lee-5B.pdf'],
      ['Sam Lee', '6A', 'Sam-Lee-6A.pdf'],
      ['Ben', null, 'Ben.pdf'],
    ]);
  }, 120_000);
});
