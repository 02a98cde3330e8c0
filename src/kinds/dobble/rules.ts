import type { Box, Draw } from '../../pdf/draw.js';
import { messages, type Messages } from '../../i18n/messages.js';

/** The games, in words for children: each game's name (who plays) and its steps, from the messages. */
export const GAMES: { id: string; lines: number }[] = [
  { id: 'oneRule', lines: 2 },
  { id: 'tower', lines: 3 },
  { id: 'well', lines: 3 },
  { id: 'hotPotato', lines: 3 },
  { id: 'catch', lines: 3 },
  { id: 'gift', lines: 3 },
  { id: 'younger', lines: 1 },
];

export function gamesText(words: boolean, m: Messages = messages()): { title: string; lines: string[] }[] {
  const thing = words ? 'word' : 'picture';
  return GAMES.map((g) => ({
    title: m.t(`dobble.game.${g.id}.title`),
    lines: Array.from({ length: g.lines }, (_, i) => m.t(`dobble.game.${g.id}.${i + 1}`, { thing })),
  }));
}

/** Pages the games take: 16 pt large print needs three, a booklet's half page two (at 8 pt they ran into its footer). */
export function gamesPages(large?: boolean, small?: boolean): number {
  return large ? 3 : small ? 2 : 1;
}

const indent = (size: number) => size * 1.4;

/**
 * A game's name: one line, or where it is wider than the page (large print's 16 pt on a booklet's
 * half page, "Prezent, którego nikt nie chce (od 2 do 8 graczy)") wrapped, not run off the page.
 */
function titleHeight(d: Draw, box: Box, title: string, size: number): number {
  if (d.textWidth(title, size * 1.1, 'bold') <= box.w) return size * 1.6;
  return d.paragraphHeight(title, box.w, { size: size * 1.1, font: 'bold' }) + size * 0.3;
}

function measureGames(d: Draw, box: Box, parts: ReturnType<typeof gamesText>, size: number): number {
  return parts.reduce(
    (h, p) => h + titleHeight(d, box, p.title, size) + p.lines.reduce((a, l) => a + d.paragraphHeight(l, box.w - indent(size), { size }) + size * 0.3, 0) + size * 0.5,
    0,
  );
}

/**
 * The page each game goes on: in order, each page holding its share of the whole height, or (`packed`
 * from the splitter below) as placed there.
 */
function pageOfGames(d: Draw, box: Box, all: ReturnType<typeof gamesText>, pages: number, packed?: number[]): number[] {
  if (packed) return packed;
  if (pages === 1) return all.map(() => 0);
  const share = measureGames(d, box, all, 12) / pages;
  return all.map((_, k) => Math.min(pages - 1, Math.floor((measureGames(d, box, all.slice(0, k), 12) + measureGames(d, box, [all[k]!], 12) / 2) / share)));
}

const leastSize = (d: Draw) => Math.max(8, d.minText);

/**
 * Where the games go when `least` pages, shared out by height, would leave a page's games too tall
 * for `box` at the least size (large print's 16 pt on a booklet's half page): as many games a page
 * as fit at that size, in order. Null when the share fits, so those pages are as they were.
 */
export function packGames(d: Draw, box: Box, words: boolean, m: Messages | undefined, least: number): number[] | null {
  const all = gamesText(words, m);
  const onPage = pageOfGames(d, box, all, least);
  const fits = (games: typeof all) => measureGames(d, box, games, leastSize(d)) <= box.h;
  if (Array.from({ length: least }, (_, p) => fits(all.filter((_, k) => onPage[k] === p))).every(Boolean)) return null;
  const packed: number[] = [];
  let page = 0;
  let from = 0;
  all.forEach((_, k) => {
    if (k > from && !fits(all.slice(from, k + 1))) {
      page++;
      from = k;
    }
    packed.push(page);
  });
  return packed;
}

/** The games on one page (`page` of `pages`, or of those `packGames` made), shrunk to fit whatever box the sheet template leaves. */
export function drawGames(d: Draw, box: Box, words: boolean, m?: Messages, page = 0, pages = 1, packed?: number[]): void {
  const all = gamesText(words, m);
  const onPage = pageOfGames(d, box, all, pages, packed);
  const parts = all.filter((_, k) => onPage[k] === page);
  let size = 12;
  while (size > leastSize(d) && measureGames(d, box, parts, size) > box.h) size -= 0.5;
  // right to left: bullets at the right margin, lines indented from it
  const rtl = (m ?? messages()).dir === 'rtl';
  let y = box.y;
  for (const p of parts) {
    const th = titleHeight(d, box, p.title, size);
    if (th === size * 1.6) d.text(p.title, { x: box.x, y, w: box.w, h: size * 1.3 }, { size: size * 1.1, font: 'bold', valign: 'top' });
    else d.paragraph(p.title, box.x, y, box.w, { size: size * 1.1, font: 'bold', align: rtl ? 'right' : 'left' });
    y += th;
    for (const l of p.lines) {
      d.circle(rtl ? box.x + box.w - size * 0.5 : box.x + size * 0.5, y + size * 0.6, size * 0.15, { fill: '#000000' });
      y += d.paragraph(l, rtl ? box.x : box.x + indent(size), y, box.w - indent(size), { size }) + size * 0.3;
    }
    y += size * 0.5;
  }
}
