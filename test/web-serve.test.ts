import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveWeb } from '../src/cli/web-command.js';
import { cli } from './helpers/cli.js';

describe('puzzlepress web', () => {
  it('serves the folder to this computer only, with the right types, and nothing outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-serve-'));
    mkdirSync(join(dir, 'site', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), '<p>hi</p>');
    writeFileSync(join(dir, 'site', 'assets', 'a.js'), 'export {}');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    const lines: string[] = [];
    const s = await serveWeb(join(dir, 'site'), 0, (l) => lines.push(l));
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines[0]).toContain(s.url);
      const index = await fetch(s.url);
      expect(index.headers.get('content-type')).toMatch(/text\/html/);
      expect(await index.text()).toBe('<p>hi</p>');
      const js = await fetch(`${s.url}assets/a.js`);
      expect(js.headers.get('content-type')).toMatch(/text\/javascript/);
      expect(js.headers.get('cache-control')).toMatch(/immutable/);
      expect((await fetch(`${s.url}nope.js`)).status).toBe(404);
      const escape = await fetch(`${s.url}..%2fsecret.txt`);
      expect(await escape.text()).not.toContain('secret');
    } finally {
      s.close();
    }
  });

  it('serves the fonts we ship from fonts/ when the page has no copy of them (the npm package has none)', async () => {
    const s = await serveWeb(mkdtempSync(join(tmpdir(), 'pp-fonts-')), 0, () => {});
    try {
      const andika = await fetch(`${s.url}fonts/Andika-Regular.ttf`);
      expect(andika.headers.get('content-type')).toBe('font/ttf');
      expect(Buffer.from(await andika.arrayBuffer()).equals(readFileSync('fonts/Andika-Regular.ttf'))).toBe(true);
      const table = await fetch(`${s.url}fonts/noto-sans-sc-common/unicode.json`);
      expect(Object.keys((await table.json()) as object).length).toBeGreaterThan(10);
      expect((await fetch(`${s.url}fonts/noto-sans-sc-common/files/nope.woff2`)).status).toBe(404);
      expect((await fetch(`${s.url}fonts/..%2fpackage.json`)).status).toBe(404);
      expect((await fetch(`${s.url}fonts/OFL.txt`)).status).toBe(404);
    } finally {
      s.close();
    }
  });

  it('refuses a bad port in one line with exit code 2', () => {
    const r = cli(['web', '--port', 'eighty']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--port must be a whole number from 1024 to 65535/);
  });

  it('says when the port is taken and which to try', async () => {
    const taken = await serveWeb(mkdtempSync(join(tmpdir(), 'pp-taken-')), 0, () => {});
    try {
      const port = Number(new URL(taken.url).port);
      await expect(serveWeb(mkdtempSync(join(tmpdir(), 'pp-taken-')), port, () => {})).rejects.toThrow(new RegExp(`port ${port} is in use: choose another with --port`));
    } finally {
      taken.close();
    }
  });
});
