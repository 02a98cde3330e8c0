import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { batchSetup, InThreadRunner, manifestText, parsePlanText, runBatchCore, type BatchSink } from '../src/index.js';

const PLAN = `title: Core check
seed: core
roster: class.csv
worksheets:
  - kind: calcudoku
    size: 4
    difficulty: easy
    count: 2
  - kind: flow
    size: 6
    count: 3
`;
const ROSTER = 'name\nAva\nBen\nCat\n';

/** A sink such as a web page would use: everything in memory, the key (and the print file) in pieces, counted by file. */
function memorySink(): { sink: BatchSink; files: Map<string, Uint8Array>; pieces: Map<string, number> } {
  const files = new Map<string, Uint8Array>();
  const state = { sink: null as unknown as BatchSink, files, pieces: new Map<string, number>() };
  state.sink = {
    file: async (name, bytes) => void files.set(name, bytes),
    open: (name) => {
      const parts: Uint8Array[] = [];
      return {
        write: async (b) => {
          state.pieces.set(name, (state.pieces.get(name) ?? 0) + 1);
          parts.push(b);
        },
        close: async () => void files.set(name, Buffer.concat(parts)),
      };
    },
  };
  return state;
}

describe('the batch core', () => {
  it('makes in one thread, from plan and roster as text, the same bytes as the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-core-'));
    writeFileSync(join(dir, 'week.yaml'), PLAN);
    writeFileSync(join(dir, 'class.csv'), ROSTER);
    const r = cli(['batch', join(dir, 'week.yaml'), '--out', join(dir, 'out'), '--workers', '2'], dir);
    expect(r.code, r.stderr).toBe(0);

    const read: string[] = [];
    const plan = parsePlanText(PLAN, 'week.yaml', (path) => (read.push(path), ROSTER));
    expect(read).toEqual(['class.csv']);
    const mem = memorySink();
    const manifest = await runBatchCore(batchSetup(plan, plan.seed!, 'week.yaml'), new InThreadRunner(batchSetup(plan, plan.seed!, 'week.yaml')), mem.sink);
    expect(mem.pieces.get('answer-key.pdf')).toBeGreaterThan(3); // the key came pupil by pupil, not as one piece
    expect(mem.pieces.get('all-pupils.pdf')).toBeGreaterThan(3); // and so did the print file

    const written = readdirSync(join(dir, 'out')).sort();
    expect([...mem.files.keys(), 'manifest.json'].sort()).toEqual(written);
    for (const [name, bytes] of mem.files) expect(Buffer.from(bytes).equals(readFileSync(join(dir, 'out', name))), name).toBe(true);
    expect(manifestText(manifest)).toBe(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8'));
  }, 120_000);

  it('writes no key when the worksheets have no answers (a deck of cards)', async () => {
    const plan = parsePlanText('title: Decks\nseed: d\nroster: r.csv\nworksheets:\n  - kind: dobble\n', 'decks.yaml', () => 'Ava\nBen\n');
    const setup = batchSetup(plan, 'd', 'decks.yaml');
    const mem = memorySink();
    const manifest = await runBatchCore(setup, new InThreadRunner(setup), mem.sink);
    expect([...mem.files.keys()].sort()).toEqual(['Ava.pdf', 'Ben.pdf', 'all-pupils.pdf']);
    expect(manifest.files.map((f) => f.file)).toEqual(['Ava.pdf', 'Ben.pdf', 'all-pupils.pdf']);
    expect(mem.pieces.has('answer-key.pdf')).toBe(false);
  }, 120_000);

  it('says which roster it could not read when given no way to read files', () => {
    expect(() => parsePlanText(PLAN, 'week.yaml')).toThrow(/week\.yaml:3: roster: class\.csv cannot be read/);
  });
});

describe('the batch core in a browser', () => {
  it('imports nothing of Node: files, paths, threads and hashing stay on the command-line side', () => {
    const core = ['batch/core.ts', 'batch/files.ts', 'batch/booklet.ts', 'batch/tasks.ts', 'batch/key.ts', 'batch/plan.ts', 'batch/parts.ts', 'batch/roles.ts', 'batch/roster.ts', 'batch/merge.ts', 'batch/schema.ts', 'pdf/render.ts', 'layout/pack.ts'];
    for (const f of core) {
      const src = readFileSync(new URL(`../src/${f}`, import.meta.url), 'utf8');
      expect(src, f).not.toMatch(/from '(node:|worker_threads|fs|path|crypto)/);
      expect(src, f).not.toMatch(/\bprocess\./);
    }
  });
});
