/**
 * Checks for Dobble decks and card layouts written without any of the generator's code: plain
 * set intersection for the deck rule. Layouts are checked by what they paint (paint-raster.ts).
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
