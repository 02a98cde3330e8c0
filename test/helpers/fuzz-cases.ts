import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { OptionSpec } from '../../src/core/kind.js';
import { KINDS } from '../../src/kinds/index.js';
import { HOSTILE_SVGS, jpeg, png, pngRaw } from './hostile-files.js';

/**
 * Random command lines, plan files, picture folders and codes, as a careless or hostile user
 * would give them. Every case names the files it writes under `out` and its inputs under `inp`,
 * so a checker can tell what was left behind.
 */
export interface FuzzCase {
  args: string[];
  /** Stop the run with this signal after `after` ms (the run must end within 1 s, leaving no temp file). */
  stop?: { signal: 'SIGINT' | 'SIGTERM'; after: number };
  label: string;
}

/** Small seeded generator (mulberry32): the same seed gives the same cases. */
export class Dice {
  constructor(private s: number) {}
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const JUNK = ['', ' ', '-1', '0', '1e9', 'NaN', '9999999', '3.5', 'abc', '__proto__', 'constructor', '{{x}}', '../../etc/passwd', '💥', 'a'.repeat(300), '--help'];

/** A value for an option: mostly one that works (small, so runs stay short), sometimes junk. */
function value(d: Dice, spec: OptionSpec): string | null {
  if (!spec.flags.includes('<')) return null; // a switch
  if (d.chance(0.08)) return d.pick(JUNK);
  if (spec.choices?.length) {
    if (spec.multiple) return Array.from({ length: d.int(1, 3) }, () => d.pick(spec.choices!)).join(',');
    return d.pick(spec.choices);
  }
  if (spec.range) {
    const [lo, hi] = spec.range;
    return String(d.chance(0.8) ? d.int(lo, Math.min(hi, lo + Math.max(2, Math.floor((hi - lo) / 3)))) : d.int(lo - 1, hi + 1));
  }
  if (spec.example) return spec.example;
  return d.pick(['1', '2', '3', 'x']);
}

const HELPERS = ['{{heading title}}', '{{subheading subtitle}}', '{{text instructions}}', '{{fields "Name" "Date"}}', '{{rule}}', '{{space 12}}', '{{slots}}',
  '{{#footer left=title}}Page {{page}} of {{pages}}{{/footer}}', 'Plain words.'];
const BAD_HELPERS = ['{{space 5000}}', '{{heading title size=-20}}', '{{text "x" size=900}}', '{{slots gap=-5}}', '{{rule width=50}}', '{{text "x" color="red;"}}',
  '{{#footer}}', '{{lookup this "constructor"}}', '{{constructor.constructor}}', '{{> partial}}', '{{#each (range 1 1000000)}}x{{/each}}', '{{space -50}}'];

function template(d: Dice, inp: string, n: number): string {
  const r = d.next();
  if (r < 0.08) return '/dev/zero';
  if (r < 0.12) {
    const fifo = join(inp, `pipe${n}.hbs`);
    execFileSync('mkfifo', [fifo]);
    return fifo;
  }
  if (r < 0.15) return join(inp, 'missing.hbs');
  const file = join(inp, `t${n}.hbs`);
  const parts = Array.from({ length: d.int(1, 8) }, () => (d.chance(0.2) ? d.pick(BAD_HELPERS) : d.pick(HELPERS)));
  if (d.chance(0.8) && !parts.includes('{{slots}}')) parts.splice(d.int(0, parts.length), 0, '{{slots}}');
  if (d.chance(0.05)) parts.push('x'.repeat(300 * 1024)); // too long
  writeFileSync(file, parts.join('\n'));
  return file;
}

const WORDS = ['cat', 'dog', 'hen', 'cow', 'pig', 'fox', 'owl', 'bee', 'ant', 'elk', 'yak', 'emu', 'eel', 'ram', 'bat', 'jay'];

function symbols(d: Dice, inp: string, n: number): string {
  const r = d.next();
  if (r < 0.05) return '/dev/zero';
  if (r < 0.35) {
    const file = join(inp, `words${n}.txt`);
    const words = WORDS.slice(0, d.int(3, WORDS.length));
    if (d.chance(0.2)) words.push(d.pick(['', 'cat', 'x'.repeat(60), '  ', 'Ünïcødé ✓']));
    writeFileSync(file, words.join(d.chance(0.2) ? '\r\n' : '\n'));
    return file;
  }
  const dir = join(inp, `pics${n}`);
  mkdirSync(dir);
  const count = d.int(6, 14);
  for (let i = 0; i < count; i++) {
    const colour = d.pick([0, 2, 3, 4, 6] as const);
    writeFileSync(join(dir, `p${i}.png`), png({ width: d.int(1, 40), height: d.int(1, 40), colour, interlace: d.int(0, 1) }));
  }
  writeFileSync(join(dir, 'star.svg'), '<svg viewBox="0 0 10 10"><path d="M5 0L6 4L10 5L6 6L5 10L4 6L0 5L4 4Z" fill="#c33"/></svg>');
  if (d.chance(0.6)) {
    const bad = d.next();
    if (bad < 0.3) writeFileSync(join(dir, 'bad.svg'), d.pick(HOSTILE_SVGS)[1]);
    else if (bad < 0.45) writeFileSync(join(dir, 'bad.png'), png({ width: 30, height: 30, raw: pngRaw({ width: 30, height: 30 }, 0), interlace: 1 }));
    else if (bad < 0.55) writeFileSync(join(dir, 'bad.png'), png({ width: d.pick([0, 20000, 5000]), height: d.pick([0, 20000, 3000]), raw: new Uint8Array(8) }));
    else if (bad < 0.65) writeFileSync(join(dir, 'bad.jpg'), jpeg(d.int(0, 30000), d.int(0, 30000)));
    else if (bad < 0.75) symlinkSync('/dev/zero', join(dir, 'zero.png'));
    else {
      const buf = png({ width: 12, height: 12, colour: d.pick([2, 6] as const) });
      for (let k = d.int(1, 4); k > 0; k--) buf[d.int(8, buf.length - 1)] = d.int(0, 255);
      writeFileSync(join(dir, 'damaged.png'), buf);
    }
  }
  return dir;
}

function outPath(d: Dice, out: string, name: string): string {
  const r = d.next();
  if (r < 0.03) return '/dev/full';
  if (r < 0.06) return out; // a folder
  if (r < 0.09) return join(out, `${'n'.repeat(250)}.pdf`); // legal, long
  if (r < 0.11) return join(out, `${'n'.repeat(300)}.pdf`); // too long
  if (r < 0.13) return '/proc/version/x.pdf'; // under a file
  return join(out, d.chance(0.2) ? `sub/dir/${name}` : name);
}

const KIND_WEIGHTS = KINDS.map((k) => k.name);

function kindCase(d: Dice, inp: string, out: string, n: number): FuzzCase {
  const kind = d.pick(KIND_WEIGHTS);
  const spec = KINDS.find((k) => k.name === kind)!;
  const args = [kind];
  for (const o of spec.options) {
    if (!d.chance(0.3)) continue;
    const flag = o.flags.split(/[ ,]/)[0]!;
    if (o.key === 'symbols') {
      args.push(flag, symbols(d, inp, n));
      continue;
    }
    const v = value(d, o);
    args.push(flag);
    if (v !== null) args.push(v);
  }
  // small counts keep a run to seconds; the checked limits are elsewhere
  if (d.chance(0.7)) args.push('--count', d.chance(0.9) ? String(d.int(1, 3)) : d.pick(['0', '1001', 'two', '-3']));
  args.push('--seed', d.chance(0.9) ? `f${n}` : d.pick(JUNK));
  if (d.chance(0.2)) args.push('--paper', d.pick(['a4', 'letter', 'a5']));
  if (d.chance(0.2)) args.push('--answers', d.pick(['back', 'separate', 'none', 'front']));
  if (d.chance(0.15)) args.push('--layout', d.pick(['1x1', '2x3', '3x3', '0x2', '9x9', 'x']));
  if (d.chance(0.15)) args.push('--title', d.pick(['Week 3', '', 'a'.repeat(500), '{{slots}}', '💥']));
  if (d.chance(0.2)) args.push('--template', template(d, inp, n));
  const pdf = outPath(d, out, `${kind}.pdf`);
  args.push('--out', pdf);
  if (d.chance(0.4)) args.push('--json', d.chance(0.1) ? pdf : join(out, `${kind}.json`));
  if (d.chance(0.03)) args.push('--colour', 'red'); // unknown option
  return { args, label: kind };
}

function planCase(d: Dice, inp: string, out: string, n: number): FuzzCase {
  const file = join(inp, `plan${n}.${d.chance(0.2) ? 'json' : 'yaml'}`);
  const sheets = Array.from({ length: d.int(1, 3) }, () => {
    const kind = d.pick(KIND_WEIGHTS.filter((k) => k !== 'dobble' || d.chance(0.5)));
    const spec = KINDS.find((k) => k.name === kind)!;
    const lines = [`  - kind: ${d.chance(0.05) ? 'sudoku' : kind}`, `    count: ${d.chance(0.9) ? d.int(1, 2) : d.pick(['0', '5000', 'x'])}`];
    for (const o of spec.options) {
      if (!d.chance(0.2) || o.key === 'symbols') continue;
      const v = value(d, o);
      lines.push(`    ${o.flags.split(/[ ,]/)[0]!.replace(/^--/, '')}: ${v === null ? 'true' : JSON.stringify(v)}`);
    }
    return lines.join('\n');
  });
  const top = [`title: ${d.pick(['Week 3', '"x/../../y"', '""', 'Café ☕'])}`, `seed: ${d.pick(['w', '7', '""'])}`];
  if (d.chance(0.4)) {
    const roster = join(inp, `class${n}.csv`);
    const names = Array.from({ length: d.int(1, 6) }, (_, i) => d.pick(['Ava', 'Ben', 'Zoë', '../../x', 'CON', 'a'.repeat(90), 'Smith, Jo', '"Q, R"']) + (i ? ` ${i}` : ''));
    if (d.chance(0.1)) names.push('');
    writeFileSync(roster, `${d.chance(0.5) ? 'name\n' : ''}${names.join('\n')}\n`);
    top.push(`roster: ${d.chance(0.9) ? roster : '/dev/zero'}`);
  }
  if (d.chance(0.2)) top.push(`answers: ${d.pick(['back', 'separate', 'none', 'maybe'])}`);
  let text = `${top.join('\n')}\nworksheets:\n${sheets.join('\n')}\n`;
  if (d.chance(0.05)) text = `a: &a ["x","x","x","x","x","x","x","x"]\n${'bcdefgh'.split('').map((c, i) => `${c}: &${c} [${Array(8).fill(`*${'abcdefgh'[i]}`).join(',')}]`).join('\n')}\n${text}`;
  if (d.chance(0.05)) text = text.replace('worksheets', 'worksheetz');
  writeFileSync(file, text);
  const args = ['batch', d.chance(0.03) ? '/dev/zero' : file, '--out', d.chance(0.05) ? '/proc/version' : join(out, 'class')];
  if (d.chance(0.3)) args.push('--workers', String(d.pick([1, 2, 3, 64, 0, 65])));
  if (d.chance(0.1)) args.push('--booklet');
  return { args, label: 'batch' };
}

function keyCase(d: Dice, inp: string, out: string, n: number, codes: string[]): FuzzCase {
  let code = codes.length && d.chance(0.7) ? d.pick(codes) : d.pick(['banana', 'K6HF-503STSQQ', 'Q1-ABC', '', 'D8ur-XXXX', 'F10x8m-12345678']);
  if (d.chance(0.3) && code.length) {
    const at = d.int(0, code.length - 1);
    code = code.slice(0, at) + d.pick(['X', '9', '-', '', 'zz']) + code.slice(at + 1);
  }
  const args = ['key', code, '--out', outPath(d, out, 'key.pdf')];
  if (d.chance(0.2)) args.push('--symbols', symbols(d, inp, n));
  return { args, label: 'key' };
}

function simulateCase(d: Dice, out: string): FuzzCase {
  const args = ['ludo', 'simulate', '--games', String(d.chance(0.9) ? d.int(1, 20000) : d.pick([0, -5, 1e12])), '--seed', String(d.int(1, 99))];
  if (d.chance(0.3)) args.push('--players', d.pick(['auto120,random', 'expected,random,random', 'random', 'nobody,random']));
  if (d.chance(0.4)) args.push('--json', d.chance(0.1) ? '/dev/full' : join(out, 'sim.json'));
  return { args, label: 'simulate' };
}

/** Long runs to stop part-way; each must end within 1 s of the signal. */
function stopCase(d: Dice, inp: string, out: string, n: number): FuzzCase {
  const signal = d.pick(['SIGINT', 'SIGTERM'] as const);
  const after = d.int(100, 4000);
  const long = d.pick([
    ['flow', '--size', '20', '--difficulty', 'hard', '--count', '30', '--seed', `s${n}`, '--out', join(out, 'flow.pdf'), '--json', join(out, 'flow.json')],
    ['ludo', 'simulate', '--games', '3000000', '--seed', String(n), '--json', join(out, 'sim.json')],
    ['calcudoku', '--size', '9', '--difficulty', 'hard', '--count', '40', '--seed', `s${n}`, '--out', join(out, 'c.pdf')],
    ['dobble', '--symbols-per-card', '12', '--backs', '--seed', `s${n}`, '--out', join(out, 'd.pdf')],
    planCase(d, inp, out, n).args,
  ]);
  return { args: long, stop: { signal, after }, label: `stop ${long[0]}` };
}

export function fuzzCase(d: Dice, inp: string, out: string, n: number, codes: string[]): FuzzCase {
  const r = d.next();
  if (r < 0.5) return kindCase(d, inp, out, n);
  if (r < 0.68) return planCase(d, inp, out, n);
  if (r < 0.8) return keyCase(d, inp, out, n, codes);
  if (r < 0.9) return simulateCase(d, out);
  return stopCase(d, inp, out, n);
}
