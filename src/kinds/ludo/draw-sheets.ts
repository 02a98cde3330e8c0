import { MM, type Box, type Draw } from '../../pdf/draw.js';
import { pageStyle } from '../../pdf/document.js';
import { GOAL, MARKERS } from './rules.js';
import { drawGrid } from './draw-board.js';
import { cross, heading, moveColumns, table, type Cell } from './draw-util.js';
import { messages, type Messages } from '../../i18n/messages.js';
import { type LandingQuestion, type NeverModel, type ReplayModel, type ReplayQuestion, type WaysModel } from './model.js';

const ANSWER = '#1a4fa0'; // answers in blue ink, so a key is told from a worksheet at a glance
const ans = (text: string): Cell => ({ text, font: 'bold', color: ANSWER });

/** Red and Blue in the run's language; markers are named by the colour's first letter (R1, B2). */
export const playerName = (w: Messages, player: number): string => w.t(player === 0 ? 'ludo.red' : 'ludo.blue');
const yes = (w: Messages, v: boolean): string => w.t(v ? 'ludo.yes' : 'ludo.no');

export function landingText(q: LandingQuestion, w: Messages = messages()): string {
  if (q.outcome === 'forfeit') return w.t('ludo.land.forfeit', { from: q.from });
  if (q.outcome === 'home') return w.t('ludo.land.home', { goal: GOAL });
  if (q.outcome === 'overshoot') return w.t('ludo.land.overshoot', { goal: GOAL, product: q.from * q.roll });
  return String(q.to);
}

export function drawLanding(d: Draw, box: Box, qs: LandingQuestion[], answers: boolean, w: Messages = messages()): void {
  const rowH = Math.min(34, (box.h - 40) / (qs.length + 1.1));
  const cols = [
    { title: '', weight: 0.5 },
    { title: w.t('ludo.col.markerOn'), weight: 1 },
    { title: w.t('ludo.col.roll'), weight: 0.8 },
    { title: w.t('ludo.col.landsOn'), weight: 2.2 },
    { title: w.t('ludo.col.canReach'), weight: 2 },
  ];
  const rows = qs.map((q, i) => [
    String(i + 1),
    { text: String(q.from), font: 'bold' as const },
    { text: String(q.roll), font: 'bold' as const },
    answers ? ans(landingText(q, w)) : '',
    answers ? ans(yes(w, q.canReach)) : '',
  ]);
  table(d, box.x, box.y, box.w, cols, rows, rowH, Math.min(13, rowH * 0.45));
}

/** `half`: large print puts each of the two questions on its own page. */
export function drawWays(d: Draw, box: Box, w: WaysModel, answers: boolean, t: Messages = messages(), half?: 0 | 1): void {
  const size = 11;
  let y = box.y;
  const rowH = 21;
  if (half !== 1) {
  y += heading(d, t.t('ludo.ways.q1'), box.x, y, box.w, size);
  const setRows = Math.max(6, w.multisets.length + 2);
  const sets = Array.from({ length: setRows }, (_, i) => {
    const s = answers ? w.multisets[i] : undefined;
    return [String(i + 1), s ? ans(s.rolls.join(' × ')) : '', s ? ans(String(s.orderings)) : ''];
  });
  y += table(d, box.x, y, box.w, [{ title: '', weight: 0.4 }, { title: t.t('ludo.col.rollsTo120'), weight: 3 }, { title: t.t('ludo.col.orders'), weight: 1.4 }], sets, rowH, size) + 8;
  const total = t.t('ludo.ways.total');
  // Large print: the words wrap rather than run into the line for the answer.
  const wrapped = d.textWidth(total, size, 'bold') > box.w * 0.6;
  const totalH = wrapped ? d.paragraphHeight(total, box.w * 0.6, { size, font: 'bold' }) : 17;
  if (wrapped) d.paragraph(total, box.x, y, box.w * 0.6, { size, font: 'bold' });
  else d.text(total, { x: box.x, y, w: box.w * 0.6, h: 18 }, { size, font: 'bold' });
  if (answers) d.text(String(w.orderings.length), { x: box.x + box.w * 0.62, y, w: 60, h: 18 }, { size: size * 1.2, font: 'bold', color: ANSWER });
  else d.line(box.x + box.w * 0.62, y + totalH, box.x + box.w * 0.62 + 60, y + totalH, { width: 0.6 });
  y += wrapped ? totalH + 14 : 30;
  }
  if (half === 0) return;
  y += heading(d, t.t('ludo.ways.q2'), box.x, y, box.w, size);
  const checks = w.checks.map((c, i) => [
    String(i + 1),
    { text: c.rolls.join(', '), font: 'bold' as const },
    answers ? ans(String(c.end)) : '',
    answers ? ans(yes(t, c.reaches)) : '',
  ]);
  y += table(d, box.x, y, box.w, [{ title: '', weight: 0.4 }, { title: t.t('ludo.col.rolls'), weight: 2 }, { title: t.t('ludo.col.endsOn'), weight: 1.2 }, { title: t.t('ludo.col.reaches'), weight: 1.2 }], checks, rowH, size) + 10;
  if (answers) drawOrderings(d, { x: box.x, y, w: box.w, h: box.y + box.h - y }, w, t);
}

/** All orderings in the key, one block per set of rolls. */
function drawOrderings(d: Draw, box: Box, w: WaysModel, t: Messages): void {
  const title = t.t('ludo.ways.all', { n: w.orderings.length });
  // the orders as rolled, in the words of the sheet's Rolls column; × only where the rolls multiply
  const lines = w.multisets.map((s) => {
    const key = s.rolls.join(',');
    const seqs = w.orderings.filter((o) => o.slice().sort((a, b) => a - b).join(',') === key).map((o) => o.join(', '));
    return t.t('label.value', { label: `${s.rolls.join(' × ')} (${seqs.length})`, value: seqs.join(t.t('list.semicolon')) });
  });
  // smaller rather than past the box: a paragraph run off the page's foot is put on a page of its own
  const height = (size: number) => d.paragraphHeight(title, box.w, { size: 10, font: 'bold' }) + 3 + lines.reduce((h, l) => h + d.paragraphHeight(l, box.w, { size }) + 4, 0);
  let size = 8.5;
  while (size > 6 && height(size) > box.h) size -= 0.5;
  let y = box.y + heading(d, title, box.x, box.y, box.w, 10);
  for (const l of lines) y += d.paragraph(l, box.x, y, box.w, { size, color: ANSWER }) + 4;
}

/** `half`: large print puts the grid and the questions on pages of their own. */
export function drawNever(d: Draw, box: Box, m: NeverModel, answers: boolean, w: Messages = messages(), half?: 0 | 1): void {
  const size = 11;
  const never = new Set(m.never);
  let y = box.y;
  if (half !== 1) {
  const title = w.t('ludo.never.q1');
  const cell = half === 0 ? Math.min(box.w / 10, (box.h - d.paragraphHeight(title, box.w, { size, font: 'bold' }) - size) / 12) : Math.min(box.w / 10, (box.h * 0.56) / 12);
  const x = box.x + (box.w - cell * 10) / 2;
  y += heading(d, title, box.x, y, box.w, size);
  drawGrid(d, x, y, cell, (c, n) => {
    if (answers && never.has(n)) {
      d.rect(c, { fill: '#dddddd', stroke: false });
      cross(d, c.x + c.w / 2, c.y + c.h / 2, c.w * 0.3, '#8fb0dd', 0.9);
    }
    d.text(String(n), c, { size: cell * 0.38, align: 'center', color: answers && never.has(n) ? '#555555' : '#000000' });
  });
  y += cell * 12 + 6;
  if (half === 0) return;
  }
  if (answers) {
    y += d.paragraph(w.t('ludo.never.key', { n: m.never.length }), box.x, y, box.w, { size: 9, color: ANSWER });
  }
  y += 12;
  y += heading(d, w.t('ludo.never.q2'), box.x, y, box.w, size);
  const rowH = Math.min(24, (box.y + box.h - y) / (m.asks.length + 1.1));
  const rows = m.asks.map((a) => [
    { text: String(a.square), font: 'bold' as const },
    answers ? ans(yes(w, !a.never)) : '',
    answers ? ans(a.never ? neverReason(a.square, a.prime, w) : `1 × ${a.rolls.join(' × ')} = ${a.square}`) : '',
  ]);
  table(d, box.x, y, box.w, [{ title: w.t('ludo.col.square'), weight: 0.8 }, { title: w.t('ludo.col.yesNo'), weight: 0.9 }, { title: w.t('ludo.col.why'), weight: 3.6 }], rows, rowH, Math.min(11, rowH * 0.48));
}

function neverReason(square: number, prime: number, w: Messages): string {
  const why = w.t('ludo.never.why', { p: prime });
  return prime === square ? w.t('ludo.never.prime', { square, why }) : w.t('ludo.never.product', { square, p: prime, q: square / prime, why });
}

const NOTHING = '\u2013';

const markerName = (w: Messages, player: number, marker: number): string => `${w.t(player === 0 ? 'ludo.redLetter' : 'ludo.blueLetter')}${marker + 1}`;
const squares = (w: Messages, xs: readonly number[]): string => xs.map((s) => (s === GOAL ? w.t('ludo.home') : String(s))).join(', ');

function strategyWords(name: string, w: Messages): string {
  if (name === 'auto120') return w.t('ludo.strategy.auto120');
  if (name === 'auto120-keep') return w.t('ludo.strategy.keep');
  if (name === 'random') return w.t('ludo.strategy.random');
  return w.t('ludo.strategy.expected');
}

export function questionText(r: ReplayModel, q: ReplayQuestion, w: Messages = messages()): string {
  if (q.type === 'bumps') return w.t('ludo.replay.bumps');
  if (q.type === 'overshoots') return w.t('ludo.replay.overshoots');
  if (q.type === 'final') return w.t('ludo.replay.final', { player: q.player === 0 ? 'red' : 'blue', markers: MARKERS });
  const m = r.moves[q.move]!;
  return w.t('ludo.replay.rule', { move: r.firstMove + q.move, player: m.player === 0 ? 'red' : 'blue', roll: m.roll, marker: markerName(w, m.player, m.marker) });
}

export function answerText(q: ReplayQuestion, w: Messages = messages()): string {
  if (q.type === 'rule') return q.answer;
  // marker by marker, as the pupils' table names them: "R1: home, R2: 72, ..."
  if (q.type === 'final') return q.answer.map((s, i) => w.t('label.value', { label: markerName(w, q.player, i), value: squares(w, [s]) })).join(', ');
  return q.answer.length === 0 ? w.t('ludo.none') : q.answer.join(', ');
}

/** The replay's rows on the pupils' page: a number written by hand fits with room to spare. */
export const WRITE_ROW_MM = 8.5;

/**
 * Pages the pupils' replay takes: large print's rows, tall enough to write in, need two for the
 * game, then the questions; a booklet's half page has the game, then the questions; a whole page
 * holds both, the questions beside the table (alone on the next page they were most of a page left empty).
 */
export const replayParts = (large: boolean, small = false): number => (large ? 3 : small ? 2 : 1);

/** The questions' column beside the pupils' table on a whole page, as a share of its width. */
const BESIDE = 0.4;

/**
 * `part`: one page of the pupils' replay split over pages: the game (large print: its first rows,
 * then the rest under the same header) and then the questions; on a whole page in normal print,
 * the only part, both. Without it (the key), all on one page. `small`: a booklet's half page.
 */
export function drawReplay(d: Draw, box: Box, r: ReplayModel, answers: boolean, w: Messages = messages(), part?: number, small = false): void {
  const size = 10.5;
  const large = d.minText > 0;
  const scale = pageStyle({ w: d.doc.page.width, h: d.doc.page.height }).scale;
  const parts = replayParts(large, small);
  let y = box.y;
  if (part !== undefined && parts > 1 && part === parts - 1) {
    replayQuestions(d, box, r, answers, y, size, w);
    return;
  }
  const intro = w.t('ludo.replay.intro', {
    red: strategyWords(r.players[0], w),
    blue: strategyWords(r.players[1], w),
    first: r.firstMove,
    last: r.firstMove + r.moves.length - 1,
    turns: r.gameMoves,
    redStart: squares(w, r.start.slice(0, 4)),
    blueStart: squares(w, r.start.slice(4, 8)),
    r: w.t('ludo.redLetter'),
    b: w.t('ludo.blueLetter'),
  });
  // Never larger than the sheet's instructions line above it (11 pt, 85% on a booklet's half page):
  // a booklet set it at 9.35 pt over this paragraph's 10.5.
  const introSize = Math.min(size, 11 * scale);
  // the game's second page (large print) leaves the words' room empty, so its rows are as tall as the first page's
  const introH = d.paragraphHeight(intro, box.w, { size: introSize }) + 6;
  if (part !== 1) y += d.paragraph(intro, box.x, y, box.w, { size: introSize }) + 6;
  const asked = r.questions.map((q, i) => `${i + 1}. ${questionText(r, q, w)}`);
  const questionsH =
    size * 1.6 + asked.reduce((h, t, i) => h + d.paragraphHeight(t, box.w, { size }) + 2 + (answers ? d.paragraphHeight(answerText(r.questions[i]!, w), box.w - 14, { size }) + 6 : 24), 0);
  const blanks = new Set(r.blanks);
  let rows = r.moves.map((m, i) => {
    const moved = m.marker >= 0;
    const to = m.to === GOAL ? w.t('ludo.home') : String(m.to);
    const note = !moved ? w.t('ludo.note.lost') : m.from * m.roll > GOAL ? w.t('ludo.note.past', { goal: GOAL }) : m.bumped > 0 ? w.t('ludo.note.bumped', { n: m.bumped }) : '';
    return [
      String(r.firstMove + i),
      playerName(w, m.player),
      String(m.roll),
      // a lost turn (a roll of 1) moves nothing: a dash, or its empty To read as one to fill in
      moved ? markerName(w, m.player, m.marker) : NOTHING,
      moved ? String(m.from) : NOTHING,
      !moved ? NOTHING : blanks.has(i) ? (answers ? ans(to) : '') : to,
      ...(answers ? [ans(note)] : []),
    ];
  });
  // large print splits the game in two, the first page's rows under the words above
  if (large && part !== undefined) rows = part === 0 ? rows.slice(0, Math.ceil(rows.length / 2)) : rows.slice(Math.ceil(rows.length / 2));
  const tallest = large && part !== undefined ? Math.ceil(r.moves.length / 2) : rows.length;
  // Pupils write in the To column: the table has a page of its own, rows of 8.5 mm and 12 pt words.
  const writing = part !== undefined && !answers;
  const rowH = Math.min(writing ? WRITE_ROW_MM * MM : 22, (box.h - introH - (part === undefined ? questionsH : 0) - 10) / (tallest + 1.1));
  const cols = moveColumns(w.t('ludo.col.move'), w);
  if (answers) cols.push({ title: w.t('ludo.col.happened'), weight: 1.4 });
  if (writing && parts === 1) {
    const gap = 14;
    const side = { ...box, x: box.x + box.w * (1 - BESIDE), w: box.w * BESIDE, h: box.y + box.h - y };
    table(d, box.x, y, box.w * (1 - BESIDE) - gap, cols, rows, rowH, Math.min(12, rowH * 0.5));
    // the largest size, 10.5 pt at most, at which the questions and their lines fit their column
    let qs = size;
    while (qs > 8 && questionsHeight(d, r, side.w, qs, w) > side.h) qs -= 0.5;
    replayQuestions(d, side, r, false, y, qs, w);
    return;
  }
  y += table(d, box.x, y, box.w, cols, rows, rowH, Math.min(writing ? 12 : 10.5, rowH * 0.5)) + 10;
  if (part === undefined) replayQuestions(d, box, r, answers, y, size, w);
}

function questionsHeight(d: Draw, r: ReplayModel, width: number, size: number, w: Messages): number {
  const fill = d.paragraphHeight(w.t('ludo.replay.fill', { to: w.t('ludo.col.to') }), width, { size, font: 'bold' }) + size * 0.3;
  return fill + r.questions.reduce((h, q, i) => h + d.paragraphHeight(`${i + 1}. ${questionText(r, q, w)}`, width, { size }) + 2 + 24, 0);
}

function replayQuestions(d: Draw, box: Box, r: ReplayModel, answers: boolean, top: number, size: number, w: Messages): void {
  const asked = r.questions.map((q, i) => `${i + 1}. ${questionText(r, q, w)}`);
  let y = top;
  y += heading(d, w.t('ludo.replay.fill', { to: w.t('ludo.col.to') }), box.x, y, box.w, size);
  r.questions.forEach((q, i) => {
    y += d.paragraph(asked[i]!, box.x, y, box.w, { size }) + 2;
    if (answers) y += d.paragraph(answerText(q, w), box.x + 14, y, box.w - 14, { size, font: 'bold', color: ANSWER }) + 6;
    else {
      d.line(box.x + 14, y + 16, box.x + box.w, y + 16, { width: 0.5, stroke: '#777777' });
      y += 24;
    }
  });
}
