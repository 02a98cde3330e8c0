import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../src/node/read-text.js';

const dir = mkdtempSync(join(tmpdir(), 'pp-read-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readText (the batch worker bundle read in pieces)', () => {
  it('gives the text readFileSync gives, whatever piece a character of 2, 3 or 4 bytes is split across', () => {
    const file = join(dir, 'mixed.js');
    const text = `const a = 'é 中 😀 ÷ −';\n${'x'.repeat(5)}ü${'中'.repeat(3)}😀\n`;
    writeFileSync(file, text);
    for (let piece = 1; piece <= 9; piece++) expect(readText(file, piece)).toBe(text);
    expect(readText(file)).toBe(readFileSync(file, 'utf8'));
  });

  it('reads a file of many pieces in order, and an empty file', () => {
    const file = join(dir, 'long.js');
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${i % 7 === 0 ? 'ñ中😀' : ''}`).join('\n');
    writeFileSync(file, text);
    expect(readText(file, 1000)).toBe(text);
    expect(readText(file)).toBe(text);
    writeFileSync(join(dir, 'empty.js'), '');
    expect(readText(join(dir, 'empty.js'))).toBe('');
  });
});
