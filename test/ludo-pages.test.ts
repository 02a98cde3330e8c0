import { describe, expect, it } from 'vitest';
import { ludo } from '../src/kinds/ludo/index.js';
import type { LudoOptions } from '../src/kinds/ludo/options.js';
import { generateItems, kindPart, Templates } from '../src/run.js';
import { planPages } from '../src/layout/plan.js';
import { MM } from '../src/pdf/draw.js';
import { RecordingDraw } from './helpers/record-draw.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { LABEL_H, slotsBox } from '../src/layout/page.js';
import { drawRules } from '../src/kinds/ludo/draw-pages.js';
import { messages } from '../src/i18n/messages.js';

const parse = (raw: Record<string, unknown>) => ludo.schema.parse(raw) as LudoOptions;
const BOX = { x: 40, y: 120, w: 515, h: 660 };
const templates = new Templates();

/** Everything a page shows in words: the template's values and every text its slots draw. */
function pageWords(o: LudoOptions, answers: boolean): { section: string; words: string[] }[] {
  const items = generateItems(ludo, o, 'words', 1);
  const part = kindPart(ludo, o, items, { paper: 'a4' }, templates);
  return planPages([part], answers).map((p) => {
    const d = new RecordingDraw();
    for (const slot of p.slots) slot.draw(d, BOX);
    const vars = [p.vars.title, p.vars.subtitle, p.vars.headline, p.vars.instructions, p.vars.codes].map(String);
    return { section: String(p.vars.section), words: [...vars, ...d.texts.map((t) => t.text)] };
  });
}

describe('Ludo pages for pupils', () => {
  it('the board to play on is plain 1 to 120; the annotated board is in the answers', () => {
    const pupil = pageWords(parse({}), false);
    const board = pupil.find((p) => p.section === 'Board')!;
    const drawn = board.words.slice(5);
    expect(drawn.filter((t) => /^\d+$/.test(t)).map(Number)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(drawn.filter((t) => !/^\d+$/.test(t))).toEqual(['START', 'HOME']);
    const teacher = pageWords(parse({}), true).find((p) => p.section === "Teacher's board")!;
    expect(teacher.words.join(' ')).toMatch(/Dead end/);
    expect(teacher.words.join(' ')).toMatch(/Never landed on/);
    const annotated = pageWords(parse({ board: 'annotated' }), false).find((p) => p.section === 'Board')!;
    expect(annotated.words.join(' ')).toMatch(/Dead end/);
  });

  it('says on every page what the document holds, and names columns and squares in plain words', () => {
    const subtitles = (raw: Record<string, unknown>) => new Set(pageWords(parse(raw), true).map((p) => p.words[1]));
    expect(subtitles({})).toEqual(new Set(['Multiplication Ludo · game pages and 4 worksheets']));
    expect(subtitles({ printables: 'none', worksheet: 'landing,ways' })).toEqual(new Set(['Multiplication Ludo · 2 worksheets']));
    expect(subtitles({ worksheet: 'none' })).toEqual(new Set(['Multiplication Ludo · game pages only']));
    const pages = pageWords(parse({}), true);
    const landing = pages.find((p) => p.words.includes('Lands on'))!;
    expect(landing.words).toContain('Roll'); // one roll a row
    expect(landing.words).not.toContain('Rolls');
    const all = pages.flatMap((p) => p.words).join(' ');
    expect(all).not.toMatch(/Penultimate|bumped|\d·\d/);
    expect(all).toMatch(/One roll from 120/);
  });

  it('no pupil page shows a fraction or a program name, whoever plays the replay', () => {
    for (const players of ['auto120,random', 'auto120-keep,expected', 'expected,auto120', 'random,random']) {
      for (const board of ['plain', 'annotated']) {
        const pages = pageWords(parse({ players, board }), false);
        expect(pages.length).toBeGreaterThanOrEqual(8);
        for (const p of pages) {
          for (const w of p.words) {
            expect(w, `${p.section}: ${w}`).not.toMatch(/\d+\s*\/\s*\d+/);
            expect(w, `${p.section}: ${w}`).not.toMatch(/auto120|auto-?120|expected-turns|\bexpected\b/i);
          }
        }
      }
    }
  });

  it('speaks to children playing on paper: no computer player on any page, whoever plays the replay', () => {
    for (const players of ['auto120,random', 'auto120-keep,expected']) {
      const all = [false, true].flatMap((key) => pageWords(parse({ players }), key)).flatMap((p) => p.words).join(' ');
      expect(all).not.toMatch(/computer|Play it/i);
      expect(all).toMatch(/A plan for choosing a move/);
      expect(all).toMatch(/follows the plan on the rules page/);
      // the replay asks which step of the plan chose a move only when a player follows it exactly
      if (players === 'auto120,random') expect(all).toMatch(/Which step of the plan \(A, B, C or D\)/);
    }
  });

  it('gives each line of the rules one mark: a bullet, or the letter of the plan\'s step (not a bullet before "A.")', () => {
    for (const lang of ['en', 'fr', 'ar', 'zh']) {
      const d = new RecordingDraw();
      drawRules(d, BOX, messages(lang));
      const lines = d.texts.filter((t) => t.box.h === 0); // paragraphs
      const letters: string[] = [];
      for (const l of lines) {
        expect(l.text, lang).not.toMatch(/^[A-D][.)]\s/);
        const near = (y: number) => y >= l.box.y && y <= l.box.y + l.size * 1.3;
        const bullets = d.circles.filter((c) => near(c.cy));
        const marks = d.texts.filter((t) => t.box.h > 0 && /^[A-Z]$/.test(t.text) && near(t.box.y + t.box.h / 2));
        expect(bullets.length + marks.length, `${lang}: ${l.text}`).toBe(1);
        letters.push(...marks.map((t) => t.text));
      }
      expect(letters, lang).toEqual(['A', 'B', 'C', 'D']);
    }
  });

  it('the record sheet holds a whole game: 220 turns or more in rows at least 6.5 mm tall', () => {
    const pages = planPages([kindPart(ludo, parse({}), generateItems(ludo, parse({}), 'r', 1), { paper: 'a4' }, templates)], false).filter(
      (p) => p.vars.section === 'Record sheet',
    );
    expect(pages.length).toBe(2);
    const rounds: { n: number; y: number; x: number }[] = [];
    for (const p of pages) {
      const d = new RecordingDraw();
      p.slots[0]!.draw(d, BOX);
      const labels = d.texts.filter((t) => /^\d+$/.test(t.text)).map((t) => ({ n: Number(t.text), y: t.box.y, x: t.box.x }));
      for (let i = 1; i < labels.length; i++) {
        if (labels[i]!.x === labels[i - 1]!.x) expect(labels[i]!.y - labels[i - 1]!.y).toBeGreaterThanOrEqual(6.5 * MM - 0.01);
      }
      rounds.push(...labels);
    }
    // Rounds numbered 1, 2, 3 ... with none missing or repeated; each round is one turn of each player.
    expect(rounds.map((r) => r.n)).toEqual(rounds.map((_, i) => i + 1));
    expect(2 * rounds.length).toBeGreaterThanOrEqual(220);
  });

  it('the board option travels in the code', () => {
    for (const board of ['plain', 'annotated']) {
      const o = parse({ board });
      expect(ludo.decode(ludo.encode(o))).toEqual(o);
    }
    expect(ludo.encode(parse({}))).toBe('F71210');
  });
});

describe('the Replay a game sheet', () => {
  it('gives pupils rows of 8 mm or more and words of 11 pt or more, the table whole on its page (A4, Letter)', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const o = parse({ worksheet: 'replay' });
      const pages = planPages([kindPart(ludo, o, generateItems(ludo, o, 'demo', 1), { paper }, templates)], false).filter((p) => p.vars.section === 'Replay a game');
      const size = PAPER_SIZE[paper];
      const blocks = expandPages(pages, { paper, templates, meta: { title: '', subject: '', keywords: '' } });
      const moves: { n: number; y: number; size: number }[] = [];
      pages.forEach((p, i) => {
        const d = new RecordingDraw();
        const area = slotsBox(d, blocks[i]!, contentBox(size))!;
        // the slot's label line, then the drawing (as drawSlot does)
        for (const slot of p.slots) slot.draw(d, { ...area, y: area.y + LABEL_H, h: area.h - LABEL_H });
        const bottom = Math.max(...d.lines.map((l) => Math.max(l.a[1], l.b[1])));
        expect(bottom, `${paper} page ${i + 1}`).toBeLessThanOrEqual(area.y + area.h + 0.01);
        // the Move column: the first cell of each row, a number
        const xs = d.texts.filter((t) => /^\d+$/.test(t.text) && t.box.x < area.x + 10);
        moves.push(...xs.map((t) => ({ n: Number(t.text), y: t.box.y, size: t.size })));
      });
      expect(moves.length, paper).toBeGreaterThanOrEqual(12);
      moves.forEach((m, i) => {
        expect(m.size, `${paper} move ${m.n}`).toBeGreaterThanOrEqual(11);
        if (i > 0 && m.n === moves[i - 1]!.n + 1) expect(m.y - moves[i - 1]!.y, `${paper} move ${m.n}`).toBeGreaterThanOrEqual(8 * MM);
      });
    }
  });
});
