import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Dice, fuzzCase } from './helpers/fuzz-cases.js';
import { clean, runCase, type Outcome } from './helpers/fuzz-run.js';

/**
 * The CI share of the fuzz run (`npm run fuzz -- --minutes N` runs the same cases for longer):
 * a fixed seed, so a failure here replays exactly. Every run ends in valid PDFs, or one line and
 * exit 2 with nothing left, or (stopped by a signal) within 1 s with no temp file.
 */
describe('fuzz: random command lines, plans, pictures and codes', () => {
  it('every run ends cleanly (24 cases, 2 at a time)', async () => {
    const base = mkdtempSync(join(tmpdir(), 'pp-fuzz-ci-'));
    const dice = new Dice(15);
    const codes: string[] = [];
    const seen: Outcome['kind'][] = [];
    const problems: string[] = [];
    let n = 0;
    const worker = async () => {
      while (n < 24) {
        const i = n++;
        const work = join(base, String(i));
        mkdirSync(join(work, 'in'), { recursive: true });
        mkdirSync(join(work, 'out'));
        const c = fuzzCase(dice, join(work, 'in'), join(work, 'out'), i, codes);
        const o = await runCase(c, work, { fromSource: true, timeoutMs: 60_000 });
        seen.push(o.kind);
        codes.push(...o.codes);
        if (o.kind === 'failed') problems.push(`${c.args.join(' ')}: ${o.why}`);
        else clean(work);
      }
    };
    await Promise.all([worker(), worker()]);
    expect(problems).toEqual([]);
    // the cases reach every outcome, or the test proves little
    for (const k of ['ok', 'refused', 'stopped'] as const) expect(seen).toContain(k);
  }, 170_000); // about 65 s alone on 2 busy cores; room for a full parallel test run
});
