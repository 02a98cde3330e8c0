/**
 * Checks for Dobble decks and card layouts written without any of the generator's code: plain
 * set intersection for the deck rule, plain geometry (vertices and edge distances) for layouts.
 */

/** Problems with the rule "K different symbols a card, any two cards share exactly one". */
export function deckProblems(cards: number[][], k: number): string[] {
  const out: string[] = [];
  for (const [i, c] of cards.entries()) {
    if (new Set(c).size !== k || c.length !== k) out.push(`card ${i} does not have ${k} different symbols`);
  }
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const common = cards[i]!.filter((s) => cards[j]!.includes(s));
      if (common.length !== 1) out.push(`cards ${i} and ${j} share ${common.length}`);
      if (out.length > 5) return out;
    }
  }
  return out;
}

export function isPrimePower(n: number): boolean {
  if (n < 2) return false;
  for (let p = 2; p <= n; p++) {
    if (n % p === 0) {
      let m = n;
      while (m % p === 0) m /= p;
      return m === 1;
    }
  }
  return false;
}

type Pt = [number, number];

/** The card's outline as a convex polygon in card units (half-width 1); round cards as a fine polygon. */
function outline(shape: string): Pt[] {
  if (shape === 'square') return [[-1, -1], [1, -1], [1, 1], [-1, 1]];
  const n = shape === 'round' ? 720 : 6;
  return Array.from({ length: n }, (_, i) => [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)] as Pt);
}

/** Distance from p to the boundary of a convex polygon (positive inside). */
function inset(p: Pt, poly: Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!;
    const [bx, by] = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(bx - ax, by - ay);
    // for counter-clockwise-in-maths order the inside is to the left of each edge
    const cross = ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) / len;
    best = Math.min(best, cross);
  }
  return best;
}

export interface Disc {
  x: number;
  y: number;
  r: number;
}

/** Overlaps, discs within `margin` of the edge, and the largest/smallest size ratio. */
export function layoutProblems(discs: Disc[], shape: string, margin: number): { problems: string[]; ratio: number; smallest: number } {
  const problems: string[] = [];
  const poly = outline(shape);
  discs.forEach((a, i) => {
    if (inset([a.x, a.y], poly) < a.r + margin - 1e-3) problems.push(`disc ${i} is too close to the edge`);
    discs.slice(i + 1).forEach((b, j) => {
      if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) problems.push(`discs ${i} and ${i + 1 + j} overlap`);
    });
  });
  const rs = discs.map((d) => d.r);
  return { problems, ratio: Math.max(...rs) / Math.min(...rs), smallest: Math.min(...rs) };
}
