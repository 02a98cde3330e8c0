import type { Progress } from '../core/kind.js';
import type { PlannedPage } from '../layout/plan.js';
import { Templates } from '../layout/templates.js';
import { PAPER_SIZE } from '../pdf/document.js';
import { renderToBuffer } from '../pdf/render.js';
import { messages } from '../i18n/messages.js';
import type { Manifest, TaskRunner } from './core.js';
import { counter, type Files } from './files.js';
import { bookletOrder, mergePdfs, type Bookmark, type MergeOptions } from './merge.js';
import { classOf, halfPage } from './parts.js';
import type { BatchPlan } from './plan.js';
import { safeFileName } from './roster.js';
import type { PdfResult, SheetResult, Setup } from './tasks.js';

/**
 * A batch without a roster: one booklet of every worksheet (and its answers), drawn in stretches by
 * the workers and joined here. Loaded only for such a plan: a class batch never needs its code.
 */

function shift(marks: Bookmark[], by: number, path: (p: string[]) => string[] = (p) => p): Bookmark[] {
  return marks.map((m) => ({ path: path(m.path), page: m.page + by }));
}

/** `answers`, `cards`: the files the answers and the cards to cut out are in, when they are not in the booklet. */
function coverPage(plan: BatchPlan, contents: { name: string; page: number }[], answers: string | null, cards: string | null): PlannedPage {
  const msg = messages(plan.lang);
  const subtitle = msg.t('batch.worksheets', { n: plan.worksheets.length });
  const notes = [answers ? msg.t('batch.answersFile', { file: answers }) : '', cards ? msg.t('batch.cardsFile', { file: cards }) : ''];
  const note = notes.filter(Boolean).join('\n');
  return {
    template: 'cover',
    vars: { title: plan.title, subtitle, contents, note, pupil: '', ...classOf(plan), lang: plan.lang },
    slots: [],
    grid: { cols: 1, rows: 1 },
    labels: false,
    mirrored: false,
    outline: null,
    ...(plan.largePrint ? { large: true } : {}),
  };
}

/**
 * Where the booklet's pages go. Page 1 is the cover, a right-hand page; then even pages are on the
 * left and odd ones on the right, so a spread is an even page and the odd one after it. A
 * worksheet whose rules have a page of their own (no puzzle on it) starts on an even page, so that
 * the rules face its first puzzles rather than the last page of the worksheet before; a blank page
 * goes in before it when needed (often free: the booklet is padded to a multiple of four anyway).
 * Flat printouts are not folded into spreads and get no blank pages.
 * `front`, `back`: each worksheet's first page (0-based, blanks counted); `stored(n)`: the merged
 * document's page at page n, null for a blank one.
 */
export function places(sheets: Pick<SheetResult, 'front' | 'back' | 'rulesFirst'>[], folded: boolean, together: boolean) {
  const pages: (number | null)[] = [0]; // the cover
  let next = 1;
  const front = sheets.map((s) => {
    if (folded && s.rulesFirst && pages.length % 2 === 0) pages.push(null);
    const first = pages.length;
    for (let i = 0; i < s.front; i++) pages.push(next++);
    return first;
  });
  const back = sheets.map((s) => {
    const first = pages.length;
    if (together) for (let i = 0; i < s.back; i++) pages.push(next++);
    return first;
  });
  return { total: pages.length, front, back, stored: (n: number): number | null => (n < pages.length ? pages[n]! : n) };
}

export async function booklet(setup: Setup, runner: TaskRunner, files: Files, manifest: Manifest, progress: Progress): Promise<void> {
  const { plan } = setup;
  const n = plan.worksheets.length;
  const backs = plan.answers !== 'none';
  const count = counter(progress, n * (backs ? 3 : 2));
  const sheets = await Promise.all(plan.worksheets.map((_, w) => count(runner.run<SheetResult>({ type: 'sheet', worksheet: w }))));
  const backPages = sheets.reduce((s, x) => s + x.result.back, 0);
  const together = plan.answers === 'back';
  const at = places(sheets.map((s) => s.result), setup.booklet, together);
  const mainTotal = at.total;
  // page numbers as printed (blank pages counted), less one
  const frontStart = at.front;
  const backStart = together ? at.back : sheets.map((_, w) => sheets.slice(0, w).reduce((s, x) => s + x.result.back, 0));
  const stretch = (w: number, answers: boolean, first: number, total: number) =>
    count(runner.run<PdfResult>({ type: 'stretch', worksheet: w, answers, first: first + 1, total }, sheets[w]!.worker)).then((r) => r.result.pdf);
  const frontPdfs = sheets.map((_, w) => stretch(w, false, frontStart[w]!, mainTotal));
  const backPdfs = backs ? sheets.map((s, w) => (s.result.back ? stretch(w, true, backStart[w]!, together ? mainTotal : backPages) : null)) : [];

  const contents = sheets.map((s, w) => ({ name: s.result.name, page: frontStart[w]! + 1 }));
  const msg = messages(plan.lang);
  if (together && backPages) contents.push({ name: msg.t('batch.answers'), page: at.back[0]! + 1 });
  const templates = new Templates();
  const size = setup.booklet ? halfPage(plan.paper) : PAPER_SIZE[plan.paper];
  const file = safeFileName(plan.title);
  // a teacher prints what the booklet names: cards kept out of the fold would be forgotten otherwise
  const cardPages = sheets.reduce((s, x) => s + x.result.cards, 0);
  const cardsFile = setup.booklet && cardPages ? `${file}-cards.pdf` : null;
  // the contents list has no answers then: without this, a teacher could look for them in the booklet
  const answersFile = plan.answers === 'separate' && backPages ? `${file}-answers.pdf` : null;
  const cover = await renderToBuffer([coverPage(plan, contents, answersFile, cardsFile)], {
    paper: plan.paper, templates, size, meta: { title: '', subject: '', keywords: '', lang: plan.lang, ...(plan.font ? { font: plan.font } : {}) }, numbering: { first: 1, total: mainTotal },
  });
  const meta = { title: plan.title, subject: sheets.map((s) => s.result.name).join('; '), keywords: `puzzlepress, batch, seed ${manifest.seed}`, lang: plan.lang };
  const impose = (pages: number, page: (n: number) => number | null = (n) => n): MergeOptions['impose'] =>
    setup.booklet ? { sheet: { w: PAPER_SIZE[plan.paper].h, h: PAPER_SIZE[plan.paper].w }, order: bookletOrder(pages).map((side) => side.map((n) => (n === null ? null : page(n)))) } : undefined;
  const physical = (pages: number) => (setup.booklet ? bookletOrder(pages).length : pages);
  const answerMarks = (w: number, first: number) => shift(sheets[w]!.result.backMarks, first, () => [msg.t('batch.answers'), sheets[w]!.result.name]);
  // Bookmarks count the merged pages, which have no blank pages among them.
  const stored = (n: number) => at.stored(n) ?? n;

  const mainChunks = [cover, ...(await Promise.all(frontPdfs))];
  const bookmarks: Bookmark[] = [{ path: [msg.t('page.contents')], page: 0 }, ...sheets.flatMap((s, w) => shift(s.result.frontMarks, stored(frontStart[w]!)))];
  const backChunks = (await Promise.all(backPdfs)).filter((b) => b !== null);
  if (together) {
    mainChunks.push(...backChunks);
    bookmarks.push(...sheets.flatMap((_, w) => answerMarks(w, stored(backStart[w]!))));
  }
  await files.write(`${file}.pdf`, mergePdfs(mainChunks, { meta, bookmarks, impose: impose(mainTotal, at.stored) }), physical(mainTotal));
  if (answersFile) {
    const marks = sheets.flatMap((_, w) => answerMarks(w, backStart[w]!));
    await files.write(answersFile, mergePdfs(backChunks, { meta: { ...meta, title: msg.t('batch.answersTitle', { title: plan.title }) }, bookmarks: marks, impose: impose(backPages) }), physical(backPages));
  }
  // Cards to cut out are kept out of the fold (cutting one out would cut up the page behind it): on
  // whole sheets in a file of their own, printed on one side (or with their backs), on card if wished.
  if (cardsFile) {
    const cardStart = sheets.map((_, w) => sheets.slice(0, w).reduce((s, x) => s + x.result.cards, 0));
    const chunks = await Promise.all(
      sheets.flatMap((s, w) => (s.result.cards ? [runner.run<PdfResult>({ type: 'cards', worksheet: w, first: cardStart[w]! + 1, total: cardPages }, s.worker).then((r) => r.result.pdf)] : [])),
    );
    const marks = sheets.flatMap((s, w) => shift(s.result.cardMarks, cardStart[w]!));
    const name = sheets.find((s) => s.result.cards)!.result.cardsName;
    await files.write(cardsFile, mergePdfs(chunks, { meta: { ...meta, title: `${plan.title}: ${name}` }, bookmarks: marks }), cardPages);
  }
  manifest.worksheets = sheets.map((s, w) => ({
    worksheet: w + 1,
    kind: plan.worksheets[w]!.kind,
    name: s.result.name,
    codes: s.result.codes,
    firstPage: frontStart[w]! + 1,
    answersPage: s.result.back ? backStart[w]! + 1 : null,
  }));
}
