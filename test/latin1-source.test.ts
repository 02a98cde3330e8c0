import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { latin1Source } from '../scripts/latin1.js';

/** Code that returns what its strings, templates, regular expressions and identifiers make of characters beyond Latin-1. */
const CODE = `
  // the glyph’s box — a comment
  /** N’Ko ⭐ */
  const 名前 = 'é 中 — 😀 ÷ −';
  const start = /^[、。，）」]/u;
  const mid = /[（「]$/;
  const astral = /^😀+$/u;
  const loose = /😀/;
  const t = \`\${名前}|中|\${'😀'.length}\`;
  [名前, t, start.test('。x'), start.test('x'), mid.test('a「'), astral.test('😀😀'), astral.test('😀x'), loose.test('a😀'),
   '😀'.codePointAt(0), [...'a😀b'].length, 'a − b'.replace(/−/g, '-'), start.source.length > 0];
`;

describe('latin1Source (the batch worker bundle kept one byte a character)', () => {
  it('leaves only Latin-1 characters, Latin-1 ones as they were', () => {
    const out = latin1Source(CODE);
    expect(/[^\u0000-\u00ff]/.test(out)).toBe(false);
    expect(out).toContain("'é ");
    expect(out).toContain('÷');
    expect(latin1Source('plain ascii; é ü')).toBe('plain ascii; é ü');
  });

  it('gives code that does what the original does', () => {
    const before = runInNewContext(CODE) as unknown[];
    const after = runInNewContext(latin1Source(CODE)) as unknown[];
    expect(after).toEqual(before);
    expect(before.slice(2, 8)).toEqual([true, false, true, true, false, true]);
    expect(before[9]).toBe(3);
  });
});
