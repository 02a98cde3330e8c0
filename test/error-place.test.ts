import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { parsePlanText } from '../src/batch/plan.js';
import { caught, kind } from './helpers/mistakes.js';


// A page marks a mistake by these; the command line prints only the message, which stays as it was.
describe('a mistake carries its place', () => {
  it('each wrong option its own flag, whether zod or the kind found it', () => {
    const e = caught(() => parseKindOptions(kind('calcudoku'), { size: '99', ops: 'q' }));
    expect([e, ...e.more].map((m) => [m.field, m.message.split(' ')[0]])).toEqual([
      ['--size', '--size'],
      ['--ops', '--ops'],
    ]);
    expect(caught(() => parseCommon({ paper: 'a9' })).field).toBe('--paper');
    expect(caught(() => parseKindOptions(kind('fultiples'), { primes: '2,4' })).field).toBe('--primes');
  });

  it('a plan\'s mistake: its worksheet, field, line and words without the program\'s place', () => {
    const plan = 'title: Week\nworksheets:\n  - kind: flow\n  - kind: calcudoku\n    symbols: x\n    size: 50\n';
    const e = caught(() => parsePlanText(plan.replace('    symbols: x\n', ''), 'w.yaml'));
    expect(e.message).toBe('w.yaml:5: worksheets[1].size: must be a whole number from 3 to 12 (got 50)');
    expect({ sheet: e.sheet, field: e.field, line: e.line, words: e.words }).toEqual({ sheet: 1, field: '--size', line: 5, words: '--size must be a whole number from 3 to 12 (got 50)' });
    // an unknown field is about the worksheet, not one of its fields
    const unknown = caught(() => parsePlanText(plan, 'w.yaml'));
    expect({ sheet: unknown.sheet, field: unknown.field, line: unknown.line }).toEqual({ sheet: 1, field: undefined, line: 5 });
    expect(unknown.words).toMatch(/^unknown field 'symbols' for calcudoku/);
    const top = caught(() => parsePlanText('paper: a5\nworksheets:\n  - kind: flow\n', 'w.yaml'));
    expect({ sheet: top.sheet, field: top.field, line: top.line, words: top.words }).toEqual({ sheet: undefined, field: '--paper', line: 1, words: '--paper must be a4 or letter (got "a5")' });
  });
});
