import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Page, type Word } from './helpers/pdf-words.js';

/** Multiplication Ludo's pages as a teacher reads them: pdftotext's words and poppler's renderer. */


const layoutPages = (file: string): string[] => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');

/** What poppler says while drawing every page (a Q without its q, a broken stream...): nothing, for a sound file. */
function rendererComplaints(file: string): string {
  const out = mkdtempSync(join(tmpdir(), 'pp-render-'));
  const r = spawnSync('pdftoppm', ['-r', '12', '-png', file, join(out, 'p')], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr;
}

const CODE = /\bL[A-Z0-9]+-[A-Z0-9]{6,}\b/g;

describe('Multiplication Ludo: the key and the pupils\' pages', () => {
  it("the key's last replay answer names the markers R1 to R4 in order, as the game in the table leaves them; each page prints its code once", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-ludo-key-'));
    const out = join(dir, 'ludo.pdf');
    expect(cli(['ludo', '--seed', 'awetrp', '--answers', 'separate', '--out', out]).code).toBe(0);
    const key = layoutPages(join(dir, 'ludo-answers.pdf'));
    const page = key.find((p) => /Answer key: Replay a game/.test(p))!;
    expect(page).toBeDefined();
    // the squares before the first move, from the words above the table
    const flat = page.replace(/\s+/g, ' ');
    const start = /Red's markers R1 to R4 were on ([^;]+); Blue's B1 to B4 on ([^.]+)\./.exec(flat)!;
    expect(start).not.toBeNull();
    const at = new Map<string, string>();
    start[1]!.split(', ').forEach((s, i) => at.set(`R${i + 1}`, s));
    start[2]!.split(', ').forEach((s, i) => at.set(`B${i + 1}`, s));
    // play the table's moves: a marker goes to its To square, and sends an other player's marker there back to 1
    let moves = 0;
    for (const line of page.split('\n')) {
      const m = /^\s*\d+\s+(Red|Blue)\s+\d\s+([RB]\d)\s+(\d+)\s+(\d+|home)\b/.exec(line);
      if (!m) continue;
      moves++;
      expect(at.get(m[2]!), line).toBe(m[3]);
      at.set(m[2]!, m[4]!);
      if (m[4] !== 'home') for (const [k, v] of at) if (k[0] !== m[2]![0] && v === m[4]) at.set(k, '1');
    }
    expect(moves).toBeGreaterThan(10);
    const q = /Where are (Red|Blue)'s 4 markers after the last move\?\s*\n\s*(.+)/.exec(page)!;
    expect(q).not.toBeNull();
    const who = q[1] === 'Red' ? 'R' : 'B';
    expect(q[2]!.trim()).toBe([1, 2, 3, 4].map((i) => `${who}${i}: ${at.get(`${who}${i}`)}`).join(', '));

    // the pupils' replay: its questions on the page of the table they ask about, beside it (they were
    // alone on the next page, most of it empty), the whole game in the table
    for (const paper of ['a4', 'letter']) {
      const file = join(dir, `pupils-${paper}.pdf`);
      expect(cli(['ludo', '--seed', 'awetrp', '--paper', paper, '--answers', 'none', '--out', file]).code).toBe(0);
      const replay = layoutPages(file).filter((p) => /^\s*Replay a game/.test(p));
      expect(replay.length, paper).toBe(1);
      expect(replay[0], paper).toMatch(/Fill in the empty "To" boxes/);
      expect(replay[0], paper).toMatch(/Where are (Red|Blue)'s 4 markers/);
      for (let m = 125; m <= 140; m++) expect(replay[0], `${paper} move ${m}`).toMatch(new RegExp(`^\\s*${m}\\s+(Red|Blue)`, 'm'));
      const words = readPages(file).find((p) => p.words.some((w) => w.text === 'Fill'))!.words;
      const fill = words.find((w) => w.text === 'Fill')!;
      const first = words.filter((w) => w.text === '125').at(-1)!; // the table's, not the words' above it
      // beside the table: the questions start level with its top, right of its last column
      expect(Math.abs(fill.y0 - first.y0)).toBeLessThan(40);
      expect(fill.x0).toBeGreaterThan(Math.max(...words.filter((w) => /^\d+$/.test(w.text) && Math.abs(w.y0 - first.y0) < 3).map((w) => w.x1)));
    }

    // the set's code once a page (it was above the sheet and again in the footer right below)
    for (const file of [out, join(dir, 'ludo-answers.pdf')]) {
      layoutPages(file).forEach((p, i) => expect((p.match(CODE) ?? []).length, `${file} page ${i + 1}`).toBeLessThanOrEqual(1));
    }
  }, 120_000);

  it("the review's folded booklet (Calcudoku, Flow, Ludo; answers apart): poppler draws every page without a complaint, no words in a footer, and the replay's paragraph is no larger than the line above it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-ludo-booklet-'));
    writeFileSync(join(dir, 'plan.yaml'), 'title: Half-term puzzle booklet\nseed: cret7g\npaper: a4\nanswers: separate\nworksheets:\n  - kind: calcudoku\n    size: 6\n    difficulty: medium\n    count: 4\n  - kind: flow\n    size: 8\n    difficulty: medium\n    count: 4\n  - kind: ludo\n');
    const r = cli(['batch', join(dir, 'plan.yaml'), '--booklet', '--workers', '1', '--out', join(dir, 'out')], dir);
    expect(r.code, r.stderr).toBe(0);
    for (const name of ['Half-term-puzzle-booklet.pdf', 'Half-term-puzzle-booklet-answers.pdf']) {
      const file = join(dir, 'out', name);
      expect(rendererComplaints(file), name).toBe('');
      // each half page: its words end above its "Page N of M" line and the line of codes over it
      const numbers: number[] = [];
      for (const p of readPages(file)) {
        for (const left of [true, false]) {
          const words = p.words.filter((w) => (w.x0 + w.x1) / 2 < p.w / 2 === left);
          const k = words.findIndex((w, j) => w.text === 'Page' && words[j + 2]?.text === 'of');
          if (k < 0) continue;
          numbers.push(Number(words[k + 1]!.text));
          const foot = words[k]!;
          const codes = words.filter((w) => /^(\d+:)?[A-Z][A-Za-z0-9]*-[A-Z0-9]{6,}$/.test(w.text));
          const codeTop = Math.min(foot.y0, ...codes.filter((w) => w.y0 > foot.y0 - 20).map((w) => w.y0));
          const into = words.filter((w) => w.y0 < codeTop - 1 && w.y1 > codeTop + 0.3);
          expect(into.map((w) => w.text), `${name} page ${words[k + 1]!.text}`).toEqual([]);
        }
      }
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    }
    // "Follow the game move by move." (the sheet's instructions line) and the paragraph under it
    const pages = readPages(join(dir, 'out', 'Half-term-puzzle-booklet.pdf'));
    const words = pages.flatMap((p) => p.words);
    const follow = words.find((w, i) => w.text === 'Follow' && words[i + 1]?.text === 'the' && words[i + 2]?.text === 'game')!;
    const intro = words.find((w, i) => w.text === 'These' && words[i + 1]?.text === 'are' && words[i + 2]?.text === 'moves')!;
    expect(follow).toBeDefined();
    expect(intro).toBeDefined();
    // a word's box is as tall as its font's size makes it (the same font for both)
    expect(intro.y1 - intro.y0).toBeLessThanOrEqual(follow.y1 - follow.y0 + 0.01);
  }, 180_000);
});
