import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from './helpers/cli.js';

const out = () => mkdtempSync(join(tmpdir(), 'pp-cli-'));

/** One line on stderr, exit 2, no stack trace, nothing written. */
function expectUserError(args: string[], pattern: RegExp): void {
  const dir = out();
  const files = args[0] === 'key' ? ['--out', join(dir, 'x.pdf')] : ['--out', join(dir, 'x.pdf'), '--json', join(dir, 'x.json')];
  const r = cli([...args, ...files], dir);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^puzzlepress: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout, 'nothing but the one line').toBe('');
  expect(readdirSync(dir)).toEqual([]);
}

describe('puzzlepress CLI', () => {
  it('lists the kinds with their options', () => {
    const r = cli(['list']);
    expect(r.code).toBe(0);
    for (const kind of ['fultiples', 'ludo']) expect(r.stdout).toContain(`${kind}:`);
    expect(r.stdout).toContain('--count');
    // --count says what it counts where that is not puzzles
    expect(cli(['dobble', '--help']).stdout).toMatch(/--count <n>\s+how many decks/);
    expect(cli(['calcudoku', '--help']).stdout).toMatch(/--count <n>\s+how many puzzles/);
  });

  it('stops quietly when the reader of its output goes away (list | head)', () => {
    const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url));
    // a reader that reads nothing and is gone before the CLI writes
    const r = spawnSync('sh', ['-c', `"${process.execPath}" --import "${tsx}" "${main}" list 2>"$1" | true; cat "$1"`, 'sh', join(tmpdir(), `pp-epipe-${process.pid}.txt`)], { encoding: 'utf8' });
    expect(r.stdout).toBe('');
  });

  it('rejects shared options it cannot honour with one line and exit code 2', () => {
    expectUserError(['fultiples', '--count', '0'], /--count must be a whole number from 1 to 1000/);
    expectUserError(['fultiples', '--paper', 'a5'], /--paper must be a4 or letter/);
    expectUserError(['fultiples', '--layout', '9x9'], /--layout must be columns x rows, 1 to 8 of each, for example 2x3/);
    expectUserError(['fultiples', '--answers', 'front'], /--answers must be back, separate or none/);
    expectUserError(['fultiples', '--colour', 'red'], /unknown option '--colour'/);
    expectUserError(['fultiples', '--template', '/nonexistent/t.hbs'], /t\.hbs does not exist/);
  });

  it('quotes the bad value the same way for every option: as typed, in quotes', () => {
    // it said "(got 99)", "(got \"0\")" and ", not \"0\"" before
    expectUserError(['calcudoku', '--size', '99'], /--size must be a whole number from 3 to 12 \(got "99"\)$/);
    expectUserError(['calcudoku', '--count', '0'], /--count must be a whole number from 1 to 1000 \(got "0"\)$/);
    expectUserError(['flow', '--size', '0'], /--size must be a whole number from 5 to 20 \(got "0"\)$/);
    expectUserError(['flow', '--difficulty', 'insane'], /--difficulty must be easy, medium, hard or expert \(got "insane"\)$/);
    expectUserError(['dobble', '--cards', '99'], /--cards must be from 2 to 57: .* \(got "99"\)$/);
    expectUserError(['dobble', '--symbols-per-card', '2'], /--symbols-per-card must be a whole number from 3 to \d+ \(got "2"\)$/);
    // a long value is cut inside its quotes
    expectUserError(['calcudoku', '--difficulty', 'x'.repeat(60)], / \(got "x{39}…"\)$/);
  });

  it('refuses a template with broken syntax before writing anything', () => {
    const dir = out();
    const t = join(dir, 'broken.hbs');
    writeFileSync(t, '{{#footer}}\n{{slots}}\n');
    expectUserError(['fultiples', '--template', t], /broken\.hbs is broken/);
  });

  it('reports an output folder it cannot write to', () => {
    const r = cli(['fultiples', '--seed', 'w', '--out', '/etc/passwd/sheet.pdf']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot write \/etc\/passwd\/sheet\.pdf/);
  });

  it('rejects a code that is not one', () => {
    expectUserError(['key', 'banana'], /not a puzzle code/);
    expectUserError(['calcudoku', '--lang', 'xx'], /--lang xx: there is no such language/); // no seed given: no "Seed:" line first
    // in words a teacher can act on, not the code alphabet
    expectUserError(['key', 'K6HF-503STSQQXU'], /the part after the dash must be 10 letters and digits \(codes have no letter U\); check the code$/);
    expectUserError(['key', 'Q12-ABCDEFGH'], /no puzzle kind starts with the letter Q/);
  });

  it('writes the same bytes for the same command, and a separate answer file on request', () => {
    const dir = out();
    const args = ['fultiples', '--seed', 'same', '--task', 'multiples:3', '--answers', 'separate'];
    expect(cli([...args, '--out', join(dir, 'a.pdf')]).code).toBe(0);
    expect(cli([...args, '--out', join(dir, 'b.pdf')]).code).toBe(0);
    expect(readFileSync(join(dir, 'a.pdf')).equals(readFileSync(join(dir, 'b.pdf')))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a-answers.pdf', 'a.pdf', 'b-answers.pdf', 'b.pdf']);
  });

  it('prints a fresh seed when none is given, and that seed makes the same file again', () => {
    const dir = out();
    const first = cli(['fultiples', '--out', join(dir, 'a.pdf')]);
    const seed = /--seed (\S+)/.exec(first.stdout)?.[1];
    expect(seed).toBeTruthy();
    expect(cli(['fultiples', '--seed', seed!, '--out', join(dir, 'b.pdf')]).code).toBe(0);
    expect(readFileSync(join(dir, 'a.pdf')).equals(readFileSync(join(dir, 'b.pdf')))).toBe(true);
  });

  it('regenerates an answer page from a printed code', () => {
    const dir = out();
    expect(cli(['fultiples', '--seed', 'k', '--task', 'multiples:7', '--json', join(dir, 'f.json'), '--out', join(dir, 'f.pdf')]).code).toBe(0);
    const code = JSON.parse(readFileSync(join(dir, 'f.json'), 'utf8')).puzzles[0].code as string;
    const r = cli(['key', code.toLowerCase(), '--out', join(dir, 'key.pdf')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(code);
    expect(readFileSync(join(dir, 'key.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
