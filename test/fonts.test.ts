import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from './helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'pp-fonts-'));
const root = fileURLToPath(new URL('..', import.meta.url));

/** The base names of the fonts a PDF embeds (pdffonts, subset tags dropped). */
function fontsOf(file: string): string[] {
  return execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
}

function text(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

describe('--font', () => {
  it('prints every page in a dyslexia-friendly font by name, and plans take font: too', () => {
    for (const [name, family] of [['lexend', /^Lexend/], ['atkinson-hyperlegible', /^AtkinsonHyperlegible/]] as const) {
      const out = join(tmp, `${name}.pdf`);
      const r = cli(['fultiples', '--seed', 'f', '--font', name, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const fonts = fontsOf(out);
      expect(fonts.some((f) => family.test(f)), fonts.join()).toBe(true);
      expect(fonts.some((f) => /^Andika/.test(f)), fonts.join()).toBe(false);
      expect(text(out)).toContain('How to play');
    }
    const plan = join(tmp, 'plan.yaml');
    writeFileSync(plan, 'title: Week 1\nseed: w1\nfont: lexend\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 2\n');
    const r = cli(['batch', plan, '--out', join(tmp, 'lexend-batch')]);
    expect(r.code, r.stderr).toBe(0);
    const booklet = join(tmp, 'lexend-batch', 'Week-1.pdf');
    expect(fontsOf(booklet).some((f) => /^Lexend/.test(f))).toBe(true);
  });

  it('uses the teacher\'s own font file, with Andika behind it for letters it lacks', () => {
    const out = join(tmp, 'own.pdf');
    const r = cli(['calcudoku', '--seed', 'f', '--count', '2', '--title', 'Zoë’s sums', '--font', join(root, 'fonts/Andika-Bold.ttf'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(new Set(fontsOf(out))).toEqual(new Set(['Andika-Bold']));
    expect(text(out)).toContain('Zoë’s sums');
    // A class's plan too: its font is read on the main thread, which draws nothing itself.
    writeFileSync(join(tmp, 'class.csv'), 'Ana\nBen\n');
    const plan = join(tmp, 'own-plan.yaml');
    writeFileSync(plan, `title: Week 1\nseed: w1\nroster: class.csv\nfont: ${join(root, 'fonts/Andika-Bold.ttf')}\nworksheets:\n  - kind: flow\n    size: 6\n    count: 1\n`);
    const b = cli(['batch', plan, '--out', join(tmp, 'own-batch'), '--workers', '1']);
    expect(b.code, b.stderr).toBe(0);
    expect(new Set(fontsOf(join(tmp, 'own-batch', 'Ana.pdf')))).toEqual(new Set(['Andika-Bold']));
  });

  it('refuses a file that is not a font, naming it, and an unknown name with the names we have', () => {
    const notFont = join(tmp, 'notes.ttf');
    writeFileSync(notFont, 'this is not a font\n');
    const out = join(tmp, 'never.pdf');
    const bad = cli(['calcudoku', '--seed', 'f', '--font', notFont, '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain(notFont);
    const unknown = cli(['calcudoku', '--seed', 'f', '--font', 'comic-sans', '--out', out]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"comic-sans".*andika, lexend, atkinson-hyperlegible/);
    expect(existsSync(out)).toBe(false);
    const plan = join(tmp, 'bad-plan.yaml');
    writeFileSync(plan, 'title: Week 1\nfont: notes.ttf\nworksheets:\n  - kind: flow\n');
    const p = cli(['batch', plan, '--out', join(tmp, 'never')]);
    expect(p.code).toBe(2);
    expect(p.stderr).toMatch(/font.*notes\.ttf/);
    expect(readdirSync(tmp)).not.toContain('never');
  });
});
