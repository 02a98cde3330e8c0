import type { Item, Section } from '../../core/kind.js';
import type { Deck } from './deck.js';

const CARDS_A_PAGE = 40;

/**
 * What `puzzlepress key` prints for a deck: the symbol legend and one line per card listing its
 * symbols, so a lost or doubtful card can be checked without printing the whole deck again.
 */
export function deckKeySections(it: Item<Deck>, legend: Section): Section[] {
  const deck = it.model;
  return [
    { ...legend, answers: true },
    {
      title: 'Card list',
      template: 'sheet',
      answers: true,
      grid: { cols: 1, rows: 1 },
      heading: 'Card list',
      instructions: `The symbols on every card of the deck ${it.code}, with their numbers from the symbol list.`,
      labels: false,
      // One slot a page holding many lines: slots of a grid are kept apart by a gap too wide for a list.
      slots: chunks(deck.cards.length, CARDS_A_PAGE).map(([from, to]) => ({
        draw: (d, box) => {
          const lineH = Math.min(box.h / CARDS_A_PAGE, 20);
          const labelW = 52;
          for (let i = from; i < to; i++) {
            const row = { x: box.x, y: box.y + (i - from) * lineH, w: box.w, h: lineH };
            if ((i - from) % 2 === 0) d.rect(row, { fill: '#f0f0f0' });
            d.text(`Card ${i + 1}`, { ...row, x: row.x + 4, w: labelW }, { size: 10, font: 'bold' });
            const names = deck.cards[i]!.map((id) => `${id} ${deck.symbols[id]!.name}`).join('  ·  ');
            d.text(names, { ...row, x: row.x + labelW + 4, w: row.w - labelW - 8 }, { size: 10, fit: true });
          }
        },
      })),
    },
  ];
}

function chunks(n: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i += size) out.push([i, Math.min(n, i + size)]);
  return out;
}
