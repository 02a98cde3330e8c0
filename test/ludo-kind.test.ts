import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { ludo } from '../src/kinds/ludo/index.js';
import type { LudoModel } from '../src/kinds/ludo/model.js';
import type { LudoOptions } from '../src/kinds/ludo/options.js';
import { divisorsOf, smoothUpTo } from './helpers/ludo-reference.js';

const defaults = (): LudoOptions => ludo.schema.parse({}) as LudoOptions;
const make = (seed: string, o = defaults()): LudoModel => ludo.generate(o, new Rng(seed));
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('Ludo options and codes', () => {
  it('defaults to every worksheet and printable', () => {
    const o = defaults();
    expect(o.worksheets).toEqual(['landing', 'ways', 'never', 'replay']);
    expect(o.printables).toEqual(['board', 'rules', 'record']);
    expect(o.players).toEqual(['auto120', 'random']);
  });

  it('round-trips every combination through a code-safe string', () => {
    const sheets = ['landing', 'ways', 'never', 'replay'];
    for (let mask = 0; mask < 16; mask++) {
      const worksheet = sheets.filter((_, i) => mask & (1 << i)).join(',') || 'none';
      const o = ludo.schema.parse({ worksheet, printables: mask % 2 ? 'board' : 'rules,record', questions: String(6 + mask % 11), players: ['random,auto120', 'expected,random', 'auto120-keep,expected'][mask % 3] }) as LudoOptions;
      const text = ludo.encode(o);
      expect(text).toMatch(/^[0-9A-Za-z.]+$/);
      expect(ludo.decode(text)).toEqual(o);
      expect(ludo.decode(text.toLowerCase())).toEqual(o);
    }
  });

  it('rejects garbage codes and bad options with one clear line', () => {
    for (const bad of ['', 'Z71210', 'F71299', 'F7121', 'F712100', 'F71290']) expect(() => ludo.decode(bad)).toThrow(UserError);
    const issues = (raw: object) => {
      const r = ludo.schema.safeParse(raw);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ worksheet: 'landing,maze' })[0]).toMatch(/"maze" is not one of them/);
    expect(issues({ questions: '40' })[0]).toMatch(/6 to 16/);
    expect(issues({ players: 'auto120' })[0]).toMatch(/two players/);
    expect(issues({ worksheet: 'none', printables: 'none' })[0]).toMatch(/nothing to print/);
  });
});

describe('Ludo worksheets', () => {
  const reach = new Set(smoothUpTo(120));
  const divides = new Set(divisorsOf(120));

  it('passes its own check over many seeds, and agrees with plain arithmetic', () => {
    for (let i = 0; i < 120; i++) {
      const m = make(`s${i}`);
      expect(ludo.check(m)).toEqual([]);
      const land = m.landing!;
      expect(land).toHaveLength(12);
      expect(new Set(land.map((q) => `${q.from}x${q.roll}`)).size).toBe(12);
      for (const q of land) {
        expect(reach.has(q.from) && q.from < 120).toBe(true);
        const p = q.from * q.roll;
        const to = q.roll === 1 ? q.from : p > 120 ? 1 : p;
        expect(q.to).toBe(to);
        expect(q.canReach).toBe(divides.has(to));
      }
      expect(land.some((q) => q.outcome === 'home')).toBe(true);
      expect(land.some((q) => q.outcome === 'overshoot')).toBe(true);
      expect(land.some((q) => q.outcome === 'square' && !divides.has(q.to))).toBe(true);
      expect(m.ways!.orderings).toHaveLength(62);
      expect(m.ways!.checks.filter((c) => c.reaches)).toHaveLength(3);
      expect(m.never!.never).toHaveLength(84);
      for (const a of m.never!.asks) expect(a.never).toBe(!reach.has(a.square));
      const r = m.replay!;
      expect(r.moves).toHaveLength(16);
      expect(r.firstMove + r.moves.length - 1).toBeLessThanOrEqual(r.gameMoves);
    }
  });

  it('is reproducible for a seed and differs between seeds', () => {
    expect(make('same')).toEqual(make('same'));
    expect(make('one').landing).not.toEqual(make('two').landing);
  });

  it('keeps each worksheet the same when others are left out', () => {
    const all = make('x');
    const only = make('x', ludo.schema.parse({ worksheet: 'replay', questions: '12' }) as LudoOptions);
    expect(only.replay).toEqual(all.replay);
    expect(only.landing).toBeUndefined();
  });

  it('catches wrong answers in every worksheet', () => {
    const m = make('mutate');
    const broken: ((x: LudoModel) => void)[] = [
      (x) => (x.landing![0]!.to += 1),
      (x) => (x.landing![0]!.canReach = !x.landing![0]!.canReach),
      (x) => x.ways!.orderings.pop(),
      (x) => (x.ways!.multisets[0]!.orderings += 1),
      (x) => (x.ways!.checks[0]!.reaches = !x.ways!.checks[0]!.reaches),
      (x) => x.never!.never.pop(),
      (x) => (x.never!.asks[0]!.never = !x.never!.asks[0]!.never),
      (x) => {
        const mv = x.replay!.moves.find((mv) => mv.marker >= 0)!;
        mv.to = mv.to === 1 ? 2 : 1;
      },
      (x) => (x.replay!.moves.find((mv) => mv.marker < 0)!.to = 5),
      (x) => (x.replay!.start[0] = x.replay!.start[0] === 1 ? 2 : 1),
      (x) => {
        const q = x.replay!.questions.find((q) => q.type === 'final')!;
        if (q.type === 'final') q.answer = [...q.answer].reverse().map((s) => s + 1);
      },
    ];
    for (const f of broken) {
      const x = clone(m);
      f(x);
      expect(ludo.check(x).length, f.toString()).toBeGreaterThan(0);
    }
  });

  it('draws every section into boxes without error', () => {
    const o = defaults();
    const items = [1, 2].map((n) => ({ number: n, code: `L${ludo.encode(o)}-SEED000${n}`, model: make(`d${n}`) }));
    const ctx = { paper: 'a4' as const, slotArea: () => ({ x: 40, y: 120, w: 510, h: 660 }) };
    const sections = ludo.sections(o, items, ctx);
    expect(sections.map((s) => s.template)).toEqual(['sheet', 'sheet', 'sheet', ...Array(4).fill('worksheet'), ...Array(5).fill('answers')]);
    expect(sections.filter((s) => s.answers)).toHaveLength(5);
    const doc = createDocument('a4', { title: 't', subject: 's', keywords: 'k' });
    doc.pipe(new PassThrough().resume());
    for (const s of sections) {
      for (const slot of s.slots) {
        doc.addPage();
        slot.draw(new Draw(doc), ctx.slotArea());
      }
    }
    doc.end();
    const json = ludo.json(o, items) as { worksheets: unknown[] };
    expect(json.worksheets).toHaveLength(2);
  });
});
