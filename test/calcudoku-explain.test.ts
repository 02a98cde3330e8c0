import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../src/core/rng.js';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import type { CalcudokuModel, Difficulty } from '../src/kinds/calcudoku/model.js';
import { cli } from './helpers/cli.js';
import { explainSection } from '../src/layout/explain.js';
import { RecordingDraw } from './helpers/record-draw.js';

const LEVELS: Difficulty[] = ['easy', 'medium', 'hard', 'expert', 'unreasonable'];
const make = (size: number, difficulty: Difficulty, seed: string): CalcudokuModel =>
  calcudoku.generate(calcudoku.schema.parse({ size, difficulty }), new Rng(seed));
const explain = (m: CalcudokuModel) => calcudoku.explain!(calcudoku.schema.parse({ size: m.size }), { number: 1, code: 'K', model: m });

/** Every "B3 = 5" the text states, as [row, column, digit]. */
function statements(text: string): [number, number, number][] {
  return [...text.matchAll(/\b([A-L])(\d{1,2}) = (\d{1,2})\b/g)].map((x) => [Number(x[2]) - 1, x[1]!.charCodeAt(0) - 65, Number(x[3])]);
}

describe('calcudoku worked solutions', () => {
  for (const size of [4, 6, 9]) {
    for (const difficulty of LEVELS) {
      it(`${size}x${size} ${difficulty}: every cell is placed, every placement is right`, () => {
        const m = make(size, difficulty, `explain${size}${difficulty}`);
        const ex = explain(m);
        const said = ex.steps.flatMap((s) => statements(s.text));
        for (const [r, c, d] of said) expect(m.solution[r]![c], `${String.fromCharCode(65 + c)}${r + 1} = ${d}`).toBe(d);
        expect(new Set(said.map(([r, c]) => r * size + c)).size).toBe(size * size);
        // Short sentences that a teacher can read out: no step is a wall of text.
        for (const s of ex.steps) expect(s.text.length).toBeLessThan(700);
        const drawn = ex.steps.filter((s) => s.diagram !== undefined).length;
        expect(drawn).toBeLessThanOrEqual(4);
        // Harder levels are harder because of some named step that the easy levels never need.
        if (difficulty !== 'easy') expect(drawn).toBeGreaterThan(0);
        if (difficulty === 'unreasonable') expect(ex.steps.some((s) => /suppose/.test(s.text))).toBe(true);
        if (difficulty !== 'unreasonable') expect(ex.steps.some((s) => /suppose/.test(s.text))).toBe(false);
        expect(JSON.parse(JSON.stringify(ex))).toEqual(ex);
      });
    }
  }

  it('draws a step\'s picture as its sentence says: the numbers it rules out struck through, the rest left', () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const m = make(6, seed % 2 ? 'medium' : 'hard', `struck-${seed}`);
      for (const step of explain(m).steps) {
        const g = step.diagram as { notes: [number, number[]][]; struck?: [number, number[]][] } | undefined;
        if (!g) continue;
        // "A2 can only be 1, 3 or 4": what the picture leaves in A2 once its struck numbers are taken out
        for (const x of step.text.matchAll(/\b([A-F])([1-6]) can only be (\d(?:(?:, | or )\d)*)/g)) {
          const cell = (Number(x[2]) - 1) * 6 + (x[1]!.charCodeAt(0) - 65);
          const note = g.notes.find(([i]) => i === cell);
          if (!note) continue;
          const gone = g.struck?.find(([i]) => i === cell)?.[1] ?? [];
          const left = note[1].filter((v) => !gone.includes(v));
          expect(left, `${step.text}`).toEqual(x[3]!.match(/\d/g)!.map(Number));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('runs a long solution over more pages, labelled as continued, and a short one on one page', () => {
    const long = make(9, 'expert', 'pages');
    const short = make(4, 'easy', 'pages');
    const area = { x: 40, y: 120, w: 515, h: 680 }; // an A4 solutions page
    const items = [long, short].map((model, k) => ({ number: k + 1, code: `K${k}`, model }));
    const sec = explainSection({ items, area, explanations: items.map((it) => explain(it.model)) });
    const labels = sec.slots.map((s) => s.label);
    expect(labels[0]).toBe('1');
    expect(labels.filter((l) => l === '1 (continued)').length).toBeGreaterThan(0);
    expect(labels.at(-1)).toBe('2');
    expect(sec.answers).toBe(true);
  });

  it('draws pencil marks big enough to read at print size, each digit at its own spot', () => {
    for (const [size, difficulty] of [[9, 'expert'], [6, 'hard']] as const) {
      const m = make(size, difficulty, `marks${size}`);
      const items = [{ number: 1, code: 'K', model: m }];
      const area = { x: 40, y: 100, w: 515, h: 680 };
      const sec = explainSection({ items, area, explanations: [explain(m)], drawDiagram: calcudoku.drawDiagram!.bind(calcudoku), diagramSize: calcudoku.diagramSize!.bind(calcudoku) });
      const d = new RecordingDraw();
      for (const slot of sec.slots) slot.draw(d, area);
      // Pencil marks are the only blue text; each is one digit (a row of digits shrinks to fit).
      const marks = d.texts.filter((t) => t.color === '#1f4e8c');
      expect(marks.length).toBeGreaterThan(0);
      for (const t of marks) {
        expect(t.text, `${size}x${size}`).toMatch(/^\d$/);
        expect(t.size, `${size}x${size}`).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('is a pure function of the puzzle', () => {
    const m = make(6, 'hard', 'same');
    expect(explain(m)).toEqual(explain(structuredClone(m)));
  });
});

describe('--explain on the command line', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'pp-explain-'));

  it('adds worked-solution pages and JSON steps for the first N puzzles', () => {
    const d = dir();
    const plain = cli(['calcudoku', '--size', '4', '--count', '3', '--seed', 'x', '--out', join(d, 'a.pdf')], d);
    const r = cli(['calcudoku', '--size', '4', '--count', '3', '--seed', 'x', '--explain', '2', '--out', join(d, 'b.pdf'), '--json', join(d, 'b.json')], d);
    expect(r.code, r.stderr).toBe(0);
    const pages = (s: string) => Number(/\((\d+) pages?\)/.exec(s)![1]);
    expect(pages(r.stdout)).toBe(pages(plain.stdout) + 2);
    const json = JSON.parse(readFileSync(join(d, 'b.json'), 'utf8'));
    expect(json.puzzles[0].steps.length).toBeGreaterThan(1);
    expect(json.puzzles[1].steps.length).toBeGreaterThan(1);
    expect(json.puzzles[2].steps).toBeUndefined();
  });

  it('refuses --explain on a kind without worked solutions: one line naming the kinds that have them, exit 2', () => {
    const d = dir();
    const r = cli(['dobble', '--seed', 'x', '--explain', '--out', join(d, 'x.pdf')], d);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--explain: dobble has no worked solutions yet; calcudoku/);
    expect(readdirSync(d)).toEqual([]);
  });

  it('refuses a count that is not one', () => {
    const d = dir();
    const r = cli(['calcudoku', '--explain', 'all', '--out', join(d, 'x.pdf')], d);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--explain takes how many puzzles/);
  });

  it('prints one puzzle\'s worked solution from its code', () => {
    const d = dir();
    const r = cli(['key', 'K6HF-503STSQQX6', '--explain', '--out', join(d, 'k.pdf')], d);
    expect(r.code, r.stderr).toBe(0);
    // The answer page, then the worked solution's page.
    expect(readFileSync(join(d, 'k.pdf'), 'latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
