import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
/** A font file of an npm font package, beside its licence. */
export const npmFont = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/LICENSE`)), 'files', file);

export interface Run {
  glyphs: { id: number }[];
  positions: unknown[];
}
export type Font = { layout(text: string, features?: Record<string, boolean>): Run; glyphForCodePoint(cp: number): { id: number } };

/**
 * Shapes each word with `off` features turned off; where `free` says the word could skip them, the
 * glyphs and positions must be those of full shaping. Counts the words that skipped and those that did not.
 */
export function shapedAlike(font: Font, file: string, words: string[], off: Record<string, boolean>, free: (word: string, glyphs: { id: number }[]) => boolean): { skipped: number; shaped: number } {
  let skipped = 0;
  let shaped = 0;
  for (const w of words) {
    const without = font.layout(w, { ...off });
    if (!free(w, without.glyphs)) {
      shaped++;
      continue;
    }
    skipped++;
    const full = font.layout(w);
    expect([without.glyphs.map((g) => g.id), without.positions], `${file}: ${w}`).toEqual([full.glyphs.map((g) => g.id), full.positions]);
  }
  return { skipped, shaped };
}
