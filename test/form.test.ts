import { describe, expect, it } from 'vitest';
import { KINDS } from '../src/kinds/index.js';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { kindForms } from '../src/form.js';
import { UserError } from '../src/core/errors.js';

function refusal(kind: (typeof KINDS)[number], raw: Record<string, unknown>): string | null {
  try {
    parseKindOptions(kind, raw);
    return null;
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
}

describe('forms described from option specs', () => {
  it('offer only choices the kind accepts, and ranges whose ends are accepted and whose outside is refused', () => {
    for (const kind of KINDS) {
      for (const spec of kind.options) {
        for (const c of spec.choices ?? []) expect(refusal(kind, { [spec.key]: c }), `${kind.name} ${spec.key}=${c}`).toBeNull();
        if (spec.choices) expect(refusal(kind, { [spec.key]: 'no-such-choice' }), `${kind.name} ${spec.key}`).toMatch(/^--/);
        if (spec.range) {
          const [lo, hi] = spec.range;
          expect(refusal(kind, { [spec.key]: String(lo) }), `${kind.name} ${spec.key}=${lo}`).toBeNull();
          expect(refusal(kind, { [spec.key]: String(hi) }), `${kind.name} ${spec.key}=${hi}`).toBeNull();
          expect(refusal(kind, { [spec.key]: String(lo - 1) }), `${kind.name} ${spec.key}=${lo - 1}`).toMatch(/^--[a-z-]+ /);
          expect(refusal(kind, { [spec.key]: String(hi + 1) }), `${kind.name} ${spec.key}=${hi + 1}`).toMatch(/^--[a-z-]+ /);
        }
      }
    }
  });

  it('give every kind option a field with a label, help text and a flag that errors can name', () => {
    const forms = kindForms();
    expect(forms.map((f) => f.name)).toEqual(KINDS.map((k) => k.name));
    for (const [i, form] of forms.entries()) {
      const keys = new Set(KINDS[i]!.options.map((o) => o.key));
      expect(new Set(form.fields.map((f) => f.key))).toEqual(keys);
      for (const f of form.fields) {
        expect(f.label.length).toBeGreaterThan(1);
        expect(f.help.length).toBeGreaterThan(5);
        expect(f.help, `${form.name} ${f.key}: a teacher's form names other fields, not flags`).not.toMatch(/--[a-z]/);
        // a program's "(default 6)": the form says what an empty box gives, and a menu shows its choices itself
        expect(f.help, `${form.name} ${f.key}`).not.toMatch(/\(default/);
        if (f.type === 'choice') expect(f.help, `${form.name} ${f.key}: the menu's own choices again`).not.toMatch(f.choices!.slice(0, 2).join(', '));
        // labels made from option names read as a program's: "Cols", "Wild chance", "Players" (of what?)
        expect(f.label, `${form.name} ${f.key}`).not.toMatch(/^(Cols|Wild chance|Players|Playable)$/);
        expect(KINDS[i]!.options.some((o) => o.flags.includes(f.flag))).toBe(true);
      }
    }
  });

  it('suggest only lines the kind accepts, each named in words, not syntax', () => {
    let seen = 0;
    for (const kind of KINDS) {
      for (const spec of kind.options) {
        for (const [line, words] of Object.entries(spec.suggestions ?? {})) {
          seen++;
          // {7} in a line is a number the teacher may change, 7 to start with; {} in the words is its box
          const started = line.replace(/\{(\d+)\}/g, '$1');
          expect(started, `${line}: every box starts with a number`).not.toMatch(/[{}]/);
          expect(refusal(kind, { [spec.key]: [started] }), `${kind.name} ${spec.key}=${started}`).toBeNull();
          expect(words.split('{}').length, `${line}: a box in the words for each number`).toBe(line.split('{').length);
          expect(words).not.toMatch(/[:,]\d|^[a-z]/);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(5);
    expect(kindForms().find((f) => f.name === 'fultiples')!.fields.find((f) => f.key === 'task')!.suggestions).toBeDefined();
  });

  it('preselect the value the kind uses when nothing is given', () => {
    const calc = kindForms().find((f) => f.name === 'calcudoku')!;
    expect(calc.fields.find((f) => f.key === 'difficulty')!.value).toBe('medium');
    expect(calc.fields.find((f) => f.key === 'hideOps')!.value).toBe(false);
  });
});

describe('several wrong options at once', () => {
  function mistakes(parse: () => unknown): string[] {
    try {
      parse();
      return [];
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      return [e.message, ...e.more.map((m) => m.message)];
    }
  }
  const kind = (name: string) => KINDS.find((k) => k.name === name)!;
  const cases: [string, Record<string, string>][] = [
    ['calcudoku', { size: '99', ops: 'q', hideOps: 'maybe' }],
    ['flow', { size: '99', width: '2', difficulty: 'fiendish' }],
  ];

  it('are each named, in the words each gets alone, the first one first', () => {
    for (const [name, raw] of cases) {
      const all = mistakes(() => parseKindOptions(kind(name), raw));
      const alone = Object.entries(raw).map(([k, v]) => mistakes(() => parseKindOptions(kind(name), { [k]: v })));
      for (const a of alone) expect(a, `${name}: each alone is one mistake`).toHaveLength(1);
      expect(all, name).toEqual(alone.map((a) => a[0]));
    }
    const common = mistakes(() => parseCommon({ count: '0', paper: 'a9', layout: 'lots' }));
    expect(common.map((m) => m.split(' ')[0])).toEqual(['--count', '--paper', '--layout']);
  });
});
