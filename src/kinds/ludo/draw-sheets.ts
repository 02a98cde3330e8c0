import type { Box, Draw } from '../../pdf/draw.js';
import { GOAL, MARKERS } from './rules.js';
import { drawGrid } from './draw-board.js';
import { cross, heading, moveColumns, table, type Cell } from './draw-util.js';
import { PLAYER_NAMES, type LandingQuestion, type NeverModel, type ReplayModel, type ReplayQuestion, type WaysModel } from './model.js';

const ANSWER = '#1a4fa0'; // answers in blue ink, so a key is told from a worksheet at a glance
const ans = (text: string): Cell => ({ text, font: 'bold', color: ANSWER });

export function landingText(q: LandingQuestion): string {
  if (q.outcome === 'forfeit') return `stays on ${q.from} (a 1 loses the turn)`;
  if (q.outcome === 'home') return `${GOAL}: home!`;
  if (q.outcome === 'overshoot') return `past ${GOAL} (${q.from * q.roll}): back to 1`;
  return String(q.to);
}

export function drawLanding(d: Draw, box: Box, qs: LandingQuestion[], answers: boolean): void {
  const rowH = Math.min(34, (box.h - 40) / (qs.length + 1.1));
  const cols = [
    { title: '', weight: 0.5 },
    { title: 'Marker on', weight: 1 },
    { title: 'Rolls', weight: 0.8 },
    { title: 'Lands on', weight: 2.4 },
    { title: 'Can it still reach 120?', weight: 1.8 },
  ];
  const rows = qs.map((q, i) => [
    String(i + 1),
    { text: String(q.from), font: 'bold' as const },
    { text: String(q.roll), font: 'bold' as const },
    answers ? ans(landingText(q)) : '',
    answers ? ans(q.canReach ? 'yes' : 'no') : '',
  ]);
  table(d, box.x, box.y, box.w, cols, rows, rowH, Math.min(13, rowH * 0.45));
}

/** `half`: large print puts each of the two questions on its own page. */
export function drawWays(d: Draw, box: Box, w: WaysModel, answers: boolean, half?: 0 | 1): void {
  const size = 11;
  let y = box.y;
  const rowH = 21;
  if (half !== 1) {
  y += heading(d, `1. Every way to 120. Write each set of rolls once (order does not matter), then how many different orders it can be rolled in.`, box.x, y, box.w, size);
  const setRows = Math.max(6, w.multisets.length + 2);
  const sets = Array.from({ length: setRows }, (_, i) => {
    const s = answers ? w.multisets[i] : undefined;
    return [String(i + 1), s ? ans(s.rolls.join(' × ')) : '', s ? ans(String(s.orderings)) : ''];
  });
  y += table(d, box.x, y, box.w, [{ title: '', weight: 0.4 }, { title: 'Rolls that multiply to 120', weight: 3 }, { title: 'Different orders', weight: 1.4 }], sets, rowH, size) + 8;
  const total = 'Number of different orders altogether:';
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
  y += heading(d, '2. A marker starts on 1 and rolls these numbers in order. Where does it end up? Does it reach 120? (Past 120 means back to 1.)', box.x, y, box.w, size);
  const checks = w.checks.map((c, i) => [
    String(i + 1),
    { text: c.rolls.join(', '), font: 'bold' as const },
    answers ? ans(String(c.end)) : '',
    answers ? ans(c.reaches ? 'yes' : 'no') : '',
  ]);
  y += table(d, box.x, y, box.w, [{ title: '', weight: 0.4 }, { title: 'Rolls', weight: 2 }, { title: 'Ends on', weight: 1.2 }, { title: 'Reaches 120?', weight: 1.2 }], checks, rowH, size) + 10;
  if (answers) drawOrderings(d, { x: box.x, y, w: box.w, h: box.y + box.h - y }, w);
}

/** All orderings in the key, one block per set of rolls. */
function drawOrderings(d: Draw, box: Box, w: WaysModel): void {
  const size = 8.5;
  let y = box.y + heading(d, `All ${w.orderings.length} orders:`, box.x, box.y, box.w, 10);
  for (const s of w.multisets) {
    const key = s.rolls.join(',');
    const seqs = w.orderings.filter((o) => o.slice().sort((a, b) => a - b).join(',') === key).map((o) => o.join('·'));
    y += d.paragraph(`${s.rolls.join(' × ')} (${seqs.length}): ${seqs.join('   ')}`, box.x, y, box.w, { size, color: ANSWER }) + 4;
  }
}

/** `half`: large print puts the grid and the questions on pages of their own. */
export function drawNever(d: Draw, box: Box, m: NeverModel, answers: boolean, half?: 0 | 1): void {
  const size = 11;
  const never = new Set(m.never);
  let y = box.y;
  if (half !== 1) {
  const title = '1. Cross out every square a marker can never land on.';
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
    y += d.paragraph(`${m.never.length} squares can never be landed on: each has a prime factor bigger than 5, and rolls of 2 to 6 only ever multiply by 2, 3 and 5.`, box.x, y, box.w, { size: 9, color: ANSWER });
  }
  y += 12;
  y += heading(d, '2. Can a marker ever land on these squares? If yes, give rolls from 1 that get there. If no, say why not.', box.x, y, box.w, size);
  const rowH = Math.min(24, (box.y + box.h - y) / (m.asks.length + 1.1));
  const rows = m.asks.map((a) => [
    { text: String(a.square), font: 'bold' as const },
    answers ? ans(a.never ? 'no' : 'yes') : '',
    answers ? ans(a.never ? neverReason(a.square, a.prime) : `1 × ${a.rolls.join(' × ')} = ${a.square}`) : '',
  ]);
  table(d, box.x, y, box.w, [{ title: 'Square', weight: 0.8 }, { title: 'Yes or no', weight: 0.9 }, { title: 'Rolls, or why not', weight: 3.6 }], rows, rowH, Math.min(11, rowH * 0.48));
}

function neverReason(square: number, prime: number): string {
  const why = `no roll from 2 to 6 has the factor ${prime}`;
  return prime === square ? `${square} is a prime bigger than 5: ${why}` : `${square} = ${prime} × ${square / prime}, and ${why}`;
}

const markerName = (player: number, marker: number): string => `${PLAYER_NAMES[player]![0]}${marker + 1}`;
const squares = (xs: readonly number[]): string => xs.map((s) => (s === GOAL ? 'home' : String(s))).join(', ');

function strategyWords(name: string): string {
  if (name === 'auto120') return 'plays like the computer player (rules A to D on the rules page)';
  if (name === 'auto120-keep') return 'plays like the computer player, but leaves a marker that is one roll from 120 where it is';
  if (name === 'random') return 'moves any marker at random';
  return 'always makes the move that should get all its markers home soonest';
}

export function questionText(r: ReplayModel, q: ReplayQuestion): string {
  if (q.type === 'bumps') return 'Which moves sent the other player\'s markers back to 1? (Write the move numbers, or "none".)';
  if (q.type === 'overshoots') return 'Which moves went past 120? (Write the move numbers, or "none".)';
  if (q.type === 'final') return `Where are ${PLAYER_NAMES[q.player]}'s ${MARKERS} markers after the last move?`;
  const m = r.moves[q.move]!;
  return `Move ${r.firstMove + q.move}: ${PLAYER_NAMES[m.player]} rolled ${m.roll} and chose ${markerName(m.player, m.marker)}. Which of the computer player's rules (A, B, C or D) made that choice?`;
}

export function answerText(q: ReplayQuestion): string {
  if (q.type === 'rule') return q.answer;
  if (q.type === 'final') return squares(q.answer);
  return q.answer.length === 0 ? 'none' : q.answer.join(', ');
}

/** `half`: large print puts the game and the questions on pages of their own. */
export function drawReplay(d: Draw, box: Box, r: ReplayModel, answers: boolean, half?: 0 | 1): void {
  const size = 10.5;
  let y = box.y;
  if (half === 1) {
    replayQuestions(d, box, r, answers, y, size);
    return;
  }
  const intro =
    `Red ${strategyWords(r.players[0])}; Blue ${strategyWords(r.players[1])}. These are moves ${r.firstMove} to ${r.firstMove + r.moves.length - 1} of a game ` +
    `that lasted ${r.gameMoves} turns. Before move ${r.firstMove}: Red's markers R1 to R4 were on ${squares(r.start.slice(0, 4))}; Blue's B1 to B4 on ${squares(r.start.slice(4, 8))}.`;
  y += d.paragraph(intro, box.x, y, box.w, { size }) + 6;
  const asked = r.questions.map((q, i) => `${i + 1}. ${questionText(r, q)}`);
  const questionsH =
    size * 1.6 + asked.reduce((h, t, i) => h + d.paragraphHeight(t, box.w, { size }) + 2 + (answers ? d.paragraphHeight(answerText(r.questions[i]!), box.w - 14, { size }) + 6 : 24), 0);
  const blanks = new Set(r.blanks);
  const rows = r.moves.map((m, i) => {
    const moved = m.marker >= 0;
    const to = m.to === GOAL ? 'home' : String(m.to);
    const note = !moved ? 'a 1: turn lost' : m.from * m.roll > GOAL ? 'past 120' : m.bumped > 0 ? `bumped ${m.bumped}` : '';
    return [
      String(r.firstMove + i),
      PLAYER_NAMES[m.player]!,
      String(m.roll),
      moved ? markerName(m.player, m.marker) : '',
      moved ? String(m.from) : '',
      !moved ? '' : blanks.has(i) ? (answers ? ans(to) : '') : to,
      ...(answers ? [ans(note)] : []),
    ];
  });
  const rowH = Math.min(22, (box.y + box.h - y - (half === 0 ? 0 : questionsH) - 10) / (rows.length + 1.1));
  const cols = moveColumns('Move');
  if (answers) cols.push({ title: 'What happened', weight: 1.4 });
  y += table(d, box.x, y, box.w, cols, rows, rowH, Math.min(10.5, rowH * 0.5)) + 10;
  if (half === undefined) replayQuestions(d, box, r, answers, y, size);
}

function replayQuestions(d: Draw, box: Box, r: ReplayModel, answers: boolean, top: number, size: number): void {
  const asked = r.questions.map((q, i) => `${i + 1}. ${questionText(r, q)}`);
  let y = top;
  y += heading(d, 'Fill in the empty "To" squares, then answer:', box.x, y, box.w, size);
  r.questions.forEach((q, i) => {
    y += d.paragraph(asked[i]!, box.x, y, box.w, { size }) + 2;
    if (answers) y += d.paragraph(answerText(q), box.x + 14, y, box.w - 14, { size, font: 'bold', color: ANSWER }) + 6;
    else {
      d.line(box.x + 14, y + 16, box.x + box.w, y + 16, { width: 0.5, stroke: '#777777' });
      y += 24;
    }
  });
}
