import '../src/port/node.js';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromPlain, toPlain, UserError } from '../src/core/errors.js';
import { readPlan } from '../src/batch/plan-file.js';
import { Pool } from '../src/batch/pool.js';

const dir = mkdtempSync(join(tmpdir(), 'pool-place-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function inThread(file: string): UserError {
  try {
    readPlan(file);
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('no mistake was found');
}

async function throughPool(file: string): Promise<unknown> {
  const pool = new Pool(1, null);
  try {
    await pool.readPlan(file);
  } catch (e) {
    return e;
  } finally {
    await pool.close();
  }
  throw new Error('no mistake was found');
}

const place = (e: UserError) => ({ message: e.message, field: e.field, sheet: e.sheet, line: e.line, words: e.words, reason: e.reason });

// The command line reads a plan on a worker thread; the mistake must come back with its place, not only its line.
describe('a plan mistake found on a batch worker thread', () => {
  it('keeps its worksheet, field and line', async () => {
    const file = join(dir, 'week.yaml');
    writeFileSync(file, 'title: Week\nworksheets:\n  - kind: flow\n  - kind: calcudoku\n    size: 50\n');
    const here = inThread(file);
    expect(place(here)).toMatchObject({ sheet: 1, field: '--size', line: 5 }); // there is a place to carry
    const there = await throughPool(file);
    expect(there).toBeInstanceOf(UserError);
    const e = there as UserError;
    expect(place(e)).toEqual(place(here));
    expect(e.more.map(place)).toEqual(here.more.map(place));
    expect(e.message).toBe(here.message); // the CLI's one line
  }, 60_000);
});

describe('a UserError as plain data', () => {
  it('survives a structured clone with its place and its further mistakes', () => {
    const e = new UserError('w.yaml:5: worksheets[1].size: too big', [new UserError('--ops: no', [], { field: '--ops', sheet: 1, line: 6 })], { field: '--size', sheet: 1, line: 5, words: '--size too big', reason: 'r' });
    const back = fromPlain(structuredClone(toPlain(e)));
    expect(back).toBeInstanceOf(UserError);
    expect(place(back)).toEqual(place(e));
    expect(back.more.map(place)).toEqual(e.more.map(place));
    expect(back.more[0]).toBeInstanceOf(UserError);
  });
});
