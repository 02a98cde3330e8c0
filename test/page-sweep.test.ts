import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { findKind } from '../src/kinds/index.js';
import { answersMeta, planSheets } from '../src/make.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { batchSetup, InThreadRunner, parsePlanText, runBatchCore, type BatchSink } from '../src/index.js';
import { readPages, type Word } from './helpers/pdf-words.js';

/**
 * A sweep over every kind of printed page: each PDF is rendered by poppler (which must say nothing
 * on stderr) and read back with pdftotext -bbox, where no word may leave its page or the page's
 * margins, reach into the footer, or lie on another word.
 *
 * The matrix is a covering choice, not the full product: every language is paired with both
 * papers and both print sizes, and every pair of paper and print size occurs, across the kinds'
 * variants (fixed lists, so the same PDFs are checked on every run).
 */

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'pp-sweep-'));

// Margins as the README promises them: 15 mm on a whole page, 10 mm on a booklet's half page.
const MM = 72 / 25.4;
const WHOLE_MARGIN = 15 * MM;
const HALF_MARGIN = 10 * MM;

/**
 * pdftotext boxes a word by its font's ascent and descent, well above and below its letters. The
 * letters themselves (capital top to baseline) lie inside this band of the box in every font the
 * pages use (Andika 0.31-0.76, Vazirmatn 0.14-0.66, Noto Sans SC 0.30-0.80, its Han 0.23-0.85): a band outside the
 * margins, or two bands crossing, is ink where it must not be.
 */
const CORE_TOP = 0.31;
const CORE_BOTTOM = 0.65;
const core = (w: Word) => ({ x0: w.x0, x1: w.x1, y0: w.y0 + CORE_TOP * (w.y1 - w.y0), y1: w.y0 + CORE_BOTTOM * (w.y1 - w.y0) });

const CODE = /^(\d+:)?[A-Z][A-Za-z0-9]*-[A-Z0-9]{6,}[,،]?$/;
/** On one line: their letters' bands overlap by most of the smaller one (fonts of two scripts box a line differently). */
function sameRow(a: Word, b: Word): boolean {
  const p = core(a);
  const q = core(b);
  return Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0) > 0.6 * Math.min(p.y1 - p.y0, q.y1 - q.y0);
}

interface Area { x0: number; x1: number; y0: number; y1: number }

/** Problems of one page (or half page) of words, inside `area` (the paper, or one half of a folded sheet). */
function pageProblems(words: Word[], area: Area, margin: number, where: string): string[] {
  const out: string[] = [];
  const say = (w: Word, why: string) => out.push(`${where}: "${w.text}" ${why}`);
  const inner = { x0: area.x0 + margin, x1: area.x1 - margin, y0: area.y0 + margin, y1: area.y1 - margin };
  for (const w of words) {
    if (w.x0 < area.x0 || w.x1 > area.x1 || w.y0 < area.y0 || w.y1 > area.y1) say(w, `is off the page (${w.x0.toFixed(1)}-${w.x1.toFixed(1)} x ${w.y0.toFixed(1)}-${w.y1.toFixed(1)})`);
    const c = core(w);
    if (c.x0 < inner.x0 - 0.5 || c.x1 > inner.x1 + 0.5 || c.y0 < inner.y0 - 0.5 || c.y1 > inner.y1 + 0.5) {
      say(w, `is in the margin (${c.x0.toFixed(1)}-${c.x1.toFixed(1)} x ${c.y0.toFixed(1)}-${c.y1.toFixed(1)}; inside ${inner.x0.toFixed(1)}-${inner.x1.toFixed(1)} x ${inner.y0.toFixed(1)}-${inner.y1.toFixed(1)})`);
    }
  }
  // The footer: the lowest line, holding the page number, and a line of puzzle codes right above it.
  if (words.length) {
    const lowest = words.reduce((a, b) => (core(b).y1 > core(a).y1 ? b : a));
    const footer = new Set(words.filter((w) => sameRow(w, lowest)));
    const h = lowest.y1 - lowest.y0;
    // the codes' line: codes with their puzzles' names ("Board 1: ...", "اللوحة 1: ...")
    const codes = words.filter((w) => !footer.has(w) && CODE.test(w.text) && w.y0 < lowest.y0 - 1 && w.y0 > lowest.y0 - 2.2 * h);
    for (const c of codes) for (const w of words) if (sameRow(w, c)) footer.add(w);
    const top = Math.min(...[...footer].map((w) => core(w).y0));
    for (const w of words) if (!footer.has(w) && core(w).y1 > top - 0.5) say(w, `runs into the footer (down to ${core(w).y1.toFixed(1)}; the footer starts at ${top.toFixed(1)})`);
  }
  for (let i = 0; i < words.length; i++) {
    const a = core(words[i]!);
    for (let j = i + 1; j < words.length; j++) {
      const b = core(words[j]!);
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      // pdftotext cuts a joined Arabic word at a vowel mark (يحرّك, دورًا): its pieces overlap
      // by a letter's overhang on one line, under a tenth of the size (the box is 1.56 sizes
      // tall); two things on each other overlap more
      const pieces = sameRow(words[i]!, words[j]!) && across < 0.07 * Math.min(words[i]!.y1 - words[i]!.y0, words[j]!.y1 - words[j]!.y0);
      if (across > 0.5 && !pieces && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.3) {
        say(words[i]!, `lies on "${words[j]!.text}" (${a.x0.toFixed(1)},${a.y0.toFixed(1)} and ${b.x0.toFixed(1)},${b.y0.toFixed(1)})`);
      }
    }
  }
  return out;
}

/** Renders the PDF with poppler and reads its words; every problem found, described. */
async function sweep(bytes: Uint8Array, name: string, folded = false): Promise<string[]> {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const r = await run('pdftoppm', ['-r', '10', file, join(dir, name.replace(/\.pdf$/, ''))], { encoding: 'utf8' });
  const out: string[] = r.stderr.trim() ? [`${name}: pdftoppm says ${r.stderr.trim()}`] : [];
  const pages = readPages(file);
  if (!pages.length) out.push(`${name}: no pages read`);
  const info = await run('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info.stdout)!;
  const W = Number(size[1]);
  const H = Number(size[2]);
  pages.forEach((p, i) => {
    if (!folded) out.push(...pageProblems(p.words, { x0: 0, x1: W, y0: 0, y1: H }, WHOLE_MARGIN, `${name} page ${i + 1}`));
    else for (const side of [0, 1]) {
      const half = { x0: (side * W) / 2, x1: ((side + 1) * W) / 2, y0: 0, y1: H };
      const words = p.words.filter((w) => (w.x0 + w.x1) / 2 < W / 2 === (side === 0));
      out.push(...pageProblems(words, half, HALF_MARGIN, `${name} sheet ${i + 1} ${side ? 'right' : 'left'}`));
    }
  });
  return out;
}

const words = join(dir, 'words.txt');
writeFileSync(words, ['Regenschirm', 'Schmetterling', 'Fahrradhelm', 'Taschenlampe', 'Zahnbürste', 'Sonnenblume', 'Bleistift', 'Hubschrauber', 'Gießkanne', 'Eichhörnchen', 'Marienkäfer', 'Wassermelone', 'Schneemann'].join('\n'));

// Every language with both papers and both print sizes; every paper with every print size.
const LANGS = ['en', 'fr', 'de', 'pl', 'ar', 'zh'];
const COMBOS = LANGS.flatMap((lang, i) => (i % 2 ? [[lang, 'a4', true], [lang, 'letter', false]] : [[lang, 'a4', false], [lang, 'letter', true]]) as [string, 'a4' | 'letter', boolean][]);

interface Variant { raw: Record<string, unknown>; count: number; explain?: number; answers?: 'back' | 'separate'; normalOnly?: boolean }
const KIND_RUNS: Record<string, Variant[]> = {
  calcudoku: [
    { raw: { size: '4', difficulty: 'easy' }, count: 6, answers: 'separate' },
    { raw: { size: '6', difficulty: 'hard', hideOps: true }, count: 4, explain: 1 },
    { raw: { size: '9', difficulty: 'expert' }, count: 2, explain: 1, normalOnly: true },
    { raw: { size: '5', difficulty: 'medium', example: false }, count: 4 },
  ],
  flow: [
    { raw: { size: '5', difficulty: 'easy' }, count: 6 },
    { raw: { size: '8', difficulty: 'hard' }, count: 4, explain: 1 },
    { raw: { width: '12', height: '9', difficulty: 'expert' }, count: 2, answers: 'separate' },
  ],
  dobble: [
    { raw: { symbolsPerCard: '8', backs: true, numbers: true }, count: 1 },
    { raw: { symbolsPerCard: '4', shape: 'square', symbols: words }, count: 1 },
    { raw: { symbolsPerCard: '6', shape: 'hexagon', bleed: '3', cards: '12' }, count: 1 },
  ],
  'spot-match': [
    { raw: { symbolsPerCard: '6' }, count: 6 },
    { raw: { symbolsPerCard: '4', symbols: words }, count: 4 },
  ],
  fultiples: [
    { raw: { task: ['multiples:7', 'both:2,3', 'primes'] }, count: 2 },
    { raw: { task: ['next', 'chain:5'] }, count: 1, answers: 'separate' },
    { raw: { size: '12', task: ['multiples:3'] }, count: 1 },
  ],
  ludo: [
    { raw: {}, count: 1 },
    { raw: { board: 'annotated', worksheet: 'landing,replay', questions: '16' }, count: 2 },
  ],
};

// Each run gets the next pair of language, paper and print size, in the order written above.
const RUNS = Object.entries(KIND_RUNS).flatMap(([kind, variants]) => variants.map((v) => ({ kind, v })));
const comboOf = (i: number) => {
  const [lang, paper, large] = COMBOS[i % COMBOS.length]!;
  return { lang, paper, large: large && !RUNS[i]!.v.normalOnly };
};

describe('every kind of printed page: rendered cleanly, no word off its page, in the footer or on another word', () => {
  for (const name of Object.keys(KIND_RUNS)) {
    it(name, async () => {
      const problems: string[] = [];
      for (const [i, { v }] of RUNS.entries()) {
        if (RUNS[i]!.kind !== name) continue;
        const { lang, paper, large } = comboOf(i);
        const kind = findKind(name)!;
        const common = parseCommon({ count: v.count, seed: `sweep-${i}`, paper, lang, largePrint: large, answers: v.answers ?? 'back' });
        const plan = planSheets(kind, parseKindOptions(kind, v.raw), common, `sweep-${i}`, new Templates(), undefined, v.explain);
        const label = `${name}-${i}-${lang}-${paper}${large ? '-large' : ''}`;
        problems.push(...(await sweep(await renderToBuffer(plan.main, { paper, templates: new Templates(), meta: plan.meta }), `${label}.pdf`)));
        if (plan.answers) problems.push(...(await sweep(await renderToBuffer(plan.answers, { paper, templates: new Templates(), meta: answersMeta(plan.meta) }), `${label}-answers.pdf`)));
      }
      expect(problems).toEqual([]);
    });
  }

  it('the matrix pairs every language with both papers and both print sizes, and every paper with every print size', () => {
    const used = RUNS.map((_r, i) => comboOf(i));
    const pairs = new Set(used.flatMap(({ lang, paper, large }) => [`${lang} ${paper}`, `${lang} ${large}`, `${paper} ${large}`]));
    for (const lang of LANGS) for (const x of ['a4', 'letter', 'true', 'false']) expect(pairs).toContain(`${lang} ${x}`);
    for (const paper of ['a4', 'letter']) for (const large of ['true', 'false']) expect(pairs).toContain(`${paper} ${large}`);
  });
});

/**
 * A plan's worksheets: every kind, with the sizes large print still prints (a folded large print
 * booklet refuses Ludo, and Fultiples boards whose numbers cannot be 16 pt on its half page). Its
 * deck lists 57 symbols there, whose longest names are wider than half a half page at 16 pt.
 */
const worksheets = (large: boolean, folded: boolean) => `worksheets:
  - kind: calcudoku
    size: ${large ? 4 : 6}
    count: 4
  - kind: flow
    size: ${large ? 6 : 8}
    count: 4
  - kind: fultiples
${large && folded ? '    size: 6\n    task: [multiples:3, next]\n' : '    task: [multiples:3, chain:5]\n'}  - kind: spot-match
    count: 4
  - kind: dobble
${large && folded ? '    symbols-per-card: 8\n    cards: 6\n' : '    symbols-per-card: 4\n'}${large && folded ? '' : '  - kind: ludo\n'}`;

interface BatchRun { lang: string; paper: 'a4' | 'letter'; large: boolean; pupils?: string[]; folded?: boolean }
// Class sets (a file a pupil and the key) and booklets, folded and not, over the same pairs.
const BATCHES: BatchRun[] = [
  { lang: 'de', paper: 'a4', large: false, pupils: ['Ava', 'Maximilian-Alexander Schmidt-Hohenberg'] },
  { lang: 'ar', paper: 'letter', large: true, pupils: ['ليلى', 'Ben'] },
  { lang: 'fr', paper: 'letter', large: false, folded: true },
  { lang: 'pl', paper: 'a4', large: true, folded: true },
  { lang: 'en', paper: 'letter', large: true, folded: true },
  { lang: 'en', paper: 'a4', large: true, folded: false },
  { lang: 'zh', paper: 'letter', large: false, folded: false },
];

describe('class sets and booklets: the same checks on every file', () => {
  BATCHES.forEach((b, i) => {
    const what = b.pupils ? 'class set' : b.folded ? 'folded booklet' : 'booklet';
    it(`${what}, ${b.lang}, ${b.paper}${b.large ? ', large print' : ''}`, async () => {
      const text = `title: Sweep ${i}\nseed: sweep-${i}\npaper: ${b.paper}\nlang: ${b.lang}\n${b.large ? 'large-print: true\n' : ''}${b.pupils ? `pupils: [${b.pupils.map((p) => JSON.stringify(p)).join(', ')}]\n` : ''}${worksheets(b.large, !!b.folded)}`;
      const setup = batchSetup(parsePlanText(text, 'sweep.yaml'), `sweep-${i}`, 'sweep.yaml', !!b.folded);
      const files = new Map<string, Uint8Array>();
      const sink: BatchSink = { file: async (name, bytes) => void files.set(name, bytes) };
      await runBatchCore(setup, new InThreadRunner(setup), sink);
      const pdfs = [...files.keys()].filter((f) => f.endsWith('.pdf'));
      // every pupil's file, the key and all of them to print, or the booklet (and, folded, its cards on whole sheets)
      expect(pdfs.length).toBe(b.pupils ? b.pupils.length + 2 : b.folded ? 2 : 1);
      const problems: string[] = [];
      // all-pupils.pdf holds the pupils' pages as they are (test/print-file.test.ts): swept once, in their files
      for (const f of pdfs.filter((f) => f !== 'all-pupils.pdf')) {
        const folded = !!b.folded && !f.endsWith('-cards.pdf');
        problems.push(...(await sweep(files.get(f)!, `batch${i}-${f.replace(/[^\w.-]/g, '_')}`, folded)));
      }
      expect(problems).toEqual([]);
    });
  });
});

describe('the checks themselves: each problem is seen', () => {
  // Andika's proportions: a 10 pt word boxed 16.1 pt tall, its letters from 3.1 to 7.6 pt down
  const word = (text: string, x0: number, y0: number, w = 30, h = 16.11): Word => ({ text, x0, y0, x1: x0 + w, y1: y0 + h });
  const A4 = { x0: 0, x1: 595.28, y0: 0, y1: 841.89 };
  const footer = [word('Title', 42.5, 789.6, 40, 12.9), word('Page', 500, 789.6, 18, 12.9), word('1', 520, 789.6, 5, 12.9), word('of', 527, 789.6, 8, 12.9), word('2', 537, 789.6, 5, 12.9)];
  const check = (words: Word[]) => pageProblems([...words, ...footer], A4, WHOLE_MARGIN, 'p');
  it('a clean page has none', () => {
    expect(check([word('Hello', 42.5, 40), word('world', 75, 40), word('K6MF-8AYKJBR5R0', 300, 776.6, 60, 12.1)])).toEqual([]);
  });
  it('a word off the page, in a margin, in the footer, or on another word is each reported', () => {
    expect(check([word('off', 580, 100)])).toEqual([expect.stringMatching(/"off" is off the page/), expect.stringMatching(/"off" is in the margin/)]);
    expect(check([word('side', 20, 100)])).toEqual([expect.stringMatching(/"side" is in the margin/)]);
    expect(check([word('low', 200, 785)])).toEqual([expect.stringMatching(/"low" runs into the footer/)]);
    expect(check([word('one', 100, 100), word('two', 120, 104)])).toEqual([expect.stringMatching(/"one" lies on "two"/)]);
    // a line of codes is the footer's; a word just above it is not
    expect(check([word('K6MF-8AYKJBR5R0', 300, 776.6, 60, 12.1), word('Note', 200, 773, 30, 12.1)])).toEqual([expect.stringMatching(/"Note" runs into the footer/)]);
  });
  it('pieces of one word cut at a vowel mark are not two words on each other; a larger overlap on the line is', () => {
    expect(check([word('ك', 100, 100, 9.2), word('ر', 108.5, 100, 4)])).toEqual([]);
    expect(check([word('ك', 100, 100, 9.2), word('ر', 107.5, 100, 4)])).toEqual([expect.stringMatching(/lies on/)]);
  });
});

describe('what the sweep found: refused in one line rather than printed over each other', () => {
  it('large print Fultiples on a folded booklet\'s half page: a 10x10 board\'s numbers cannot be 16 pt there', async () => {
    // Polish, as the sweep found it: its longer instructions leave the board 15 units a square for numbers 20 wide
    const text = 'title: T\nseed: t\nlang: pl\nlarge-print: true\nworksheets:\n  - kind: fultiples\n    task: [multiples:3]\n';
    const run = (folded: boolean) => {
      const setup = batchSetup(parsePlanText(text, 't.yaml'), 't', 't.yaml', folded);
      const files: string[] = [];
      return runBatchCore(setup, new InThreadRunner(setup), { file: async (name) => void files.push(name) }).then(() => files);
    };
    // a class set's refusal names its worksheet (src/batch/parts.ts), so the page can say it on that worksheet
    await expect(run(true)).rejects.toThrow(/^worksheet 1 \(fultiples\): large print: the numbers of a 10x10 Fultiples board do not fit its squares in large print on a folded booklet's half page; choose a smaller board, print the booklet unfolded, or leave out large print$/);
    // unfolded, on whole pages, they can
    expect(await run(false)).toContain('T.pdf');
  });
  it('large print Fultiples "what may be shaded next" in German on Letter: its instructions and the line above the board leave the numbers wider than their squares', () => {
    const kind = findKind('fultiples')!;
    const plan = (paper: 'a4' | 'letter') => planSheets(kind, parseKindOptions(kind, { task: ['next'] }), parseCommon({ count: 1, paper, lang: 'de', largePrint: true }), 'n', new Templates());
    expect(() => plan('letter')).toThrow(/^large print: the numbers of a 10x10 Fultiples board do not fit its squares in large print on a page; choose a smaller board, or leave out large print$/);
    expect(plan('a4').items).toHaveLength(1);
  });
});
