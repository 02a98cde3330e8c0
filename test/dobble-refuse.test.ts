import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';

describe('a card size the paper cannot take', () => {
  it('is refused in one line before any deck is made: no progress lines, exit code 2, no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-card-'));
    const r = cli(['dobble', '--card-size', '189', '--count', '3', '--seed', 'x', '--out', join(dir, 'd.pdf')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--card-size 189 mm does not fit on A4 paper: at most \d+ mm/)]);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });
});
