import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import '../src/port/node.js';
import { port, setPort, type Port } from '../src/port/index.js';
import { languages, messages, messageTable } from '../src/i18n/messages.js';
import { cli } from './helpers/cli.js';

/** Shipped languages: the files in messages/, read here without the library's own loader. */
const FILES = readdirSync(new URL('../messages/', import.meta.url)).filter((f) => f.endsWith('.json'));
const SHIPPED = FILES.map((f) => f.slice(0, -5)).sort();
const raw = (lang: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), 'utf8'));
const EN = raw('en');

/** Placeholder names, select/plural names with their option keys, found by walking ICU's own parse tree. */
function shape(source: string): { args: Set<string>; plurals: { name: string; keys: string[] }[]; selects: { name: string; keys: string[] }[] } {
  const args = new Set<string>();
  const plurals: { name: string; keys: string[] }[] = [];
  const selects: { name: string; keys: string[] }[] = [];
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument || el.type === TYPE.number) args.add(el.value);
      if (el.type === TYPE.plural) {
        args.add(el.value);
        plurals.push({ name: el.value, keys: Object.keys(el.options) });
        for (const o of Object.values(el.options)) walk(o.value);
      }
      if (el.type === TYPE.select) {
        args.add(el.value);
        selects.push({ name: el.value, keys: Object.keys(el.options) });
        for (const o of Object.values(el.options)) walk(o.value);
      }
    }
  };
  walk(parse(source, { ignoreTag: true, requiresOtherClause: true }));
  return { args, plurals, selects };
}

describe('message files', () => {
  it('ship the ten languages we promise, each found by the library from the folder', () => {
    for (const l of ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'ar', 'zh']) expect(SHIPPED).toContain(l);
    expect(languages()).toEqual(SHIPPED);
  });

  it('give a Calcudoku box one name in English, as its example does: never cage or group', () => {
    const table = messageTable('en');
    const words = Object.entries(table).filter(([k]) => k.startsWith('calcudoku.')).map(([k, v]) => `${k}: ${v}`);
    expect(words.filter((w) => /\b(cages?|groups?)\b/i.test(w.split(': ')[1]!.replace(/{[^}]*}/g, '')))).toEqual([]);
    expect(words.some((w) => /\bbox\b/.test(w))).toBe(true);
  });

  it('English parses: every message is valid ICU with an "other" case in each plural and select', () => {
    for (const [key, source] of Object.entries(EN)) expect(() => shape(source), key).not.toThrow();
  });

  for (const lang of SHIPPED.filter((l) => l !== 'en')) {
    it(`${lang}: the same messages as English, the same placeholders, and plurals this language has`, () => {
      const table = raw(lang);
      const missing = Object.keys(EN).filter((k) => !(k in table));
      const extra = Object.keys(table).filter((k) => !(k in EN));
      expect(missing, `${lang} lacks these English messages`).toEqual([]);
      expect(extra, `${lang} has messages English does not`).toEqual([]);
      const categories = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[]);
      for (const [key, source] of Object.entries(table)) {
        let got: ReturnType<typeof shape>;
        try {
          got = shape(source);
        } catch (e) {
          throw new Error(`${lang} ${key}: ${(e as Error).message}: ${source}`);
        }
        const want = shape(EN[key]!);
        expect([...got.args].sort(), `${lang} ${key}: placeholders`).toEqual([...want.args].sort());
        for (const p of got.plurals) {
          const bad = p.keys.filter((k) => !k.startsWith('=') && !categories.has(k));
          expect(bad, `${lang} ${key}: plural cases ${lang} does not have`).toEqual([]);
        }
        for (const s of got.selects) {
          const english = want.selects.find((w) => w.name === s.name)!;
          const unknown = s.keys.filter((k) => k !== 'other' && !english.keys.includes(k));
          expect(unknown, `${lang} ${key}: select cases English does not have`).toEqual([]);
        }
        // Whatever the values, the text comes out whole: no braces left, no "undefined".
        const values = Object.fromEntries([...want.args].map((a) => [a, a === 'thing' ? 'word' : 3]));
        const text = messages(lang).t(key, values);
        expect(text, `${lang} ${key}`).not.toMatch(/[{}]|undefined/);
      }
    });
  }

  it('no two built-in pictures share a name in any language, so a card match is called out unambiguously', () => {
    for (const lang of SHIPPED) {
      const names = Object.entries(raw(lang)).filter(([k]) => k.startsWith('symbol.')).map(([, v]) => v.toLowerCase());
      expect(names.length, lang).toBe(Object.keys(EN).filter((k) => k.startsWith('symbol.')).length);
      expect(names.filter((n, i) => names.indexOf(n) !== i), lang).toEqual([]);
    }
  });

  it('plurals follow the language: one card, two cards in English', () => {
    const en = messages('en');
    expect(en.t('dobble.cardCount', { n: 1 })).toBe('1 card');
    expect(en.t('dobble.cardCount', { n: 57 })).toBe('57 cards');
    expect(en.list([1, 2, 6])).toBe('1, 2 and 6');
    expect(en.list([1, 6], 'or')).toBe('1 or 6');
  });

  it('a bad message names its file and key, and an unknown language lists those we have', () => {
    expect(() => messages('xx')).toThrow(/--lang xx: there is no such language; the languages are .*en/);
  });

  it('a teacher adds a language by adding a file: it is found, used, and English fills what it lacks', () => {
    const real = port();
    const added = new TextEncoder().encode(JSON.stringify({ 'language.name': 'Testish', 'page.number': 'Seite {page} von {pages}', 'dobble.cardCount': '{n, plural, one {# Karte} other {# Karten}}' }));
    const fake: Port = {
      ...real,
      listAssets: (folder) => (folder === 'messages' ? [...real.listAssets(folder), 'tt.json'] : real.listAssets(folder)),
      asset: (path) => (path === 'messages/tt.json' ? added : real.asset(path)),
    };
    setPort(fake);
    try {
      expect(languages()).toContain('tt');
      const tt = messages('tt');
      expect(tt.t('page.number', { page: 2, pages: 5 })).toBe('Seite 2 von 5');
      expect(tt.t('dobble.cardCount', { n: 1 })).toBe('1 Karte');
      expect(tt.t('field.name')).toBe('Name');
      expect(messageTable('tt')['language.name']).toBe('Testish');
    } finally {
      setPort(real);
    }
  });
});

describe('compiling messages', () => {
  it('takes the language as the list of languages Intl supports would, without opening that list', () => {
    const lookUps = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      for (const lang of [...SHIPPED, 'tt']) {
        const mine = IntlMessageFormat.resolveLocale(lang)?.toString();
        expect(lookUps).not.toHaveBeenCalled();
        // the library's own way: the list's answer, or the code as it is when the list lacks it
        const theirs = new Intl.Locale(Intl.getCanonicalLocales(lang)[0]!).toString();
        expect([lang, mine]).toEqual([lang, theirs]);
      }
      const nl = messages('nl');
      for (const k of Object.keys(raw('nl')).slice(0, 40)) if (!/[{}]/.test(raw('nl')[k]!)) nl.t(k);
      expect(lookUps).not.toHaveBeenCalled();
    } finally {
      lookUps.mockRestore();
    }
    for (const lang of SHIPPED) expect(Intl.NumberFormat.supportedLocalesOf(lang)).toEqual([new Intl.Locale(lang).toString()]);
    // Arabic's plural has a "two" form English lacks: each book formats with its own language
    expect(messages('ar').t('dobble.cardCount', { n: 2 })).not.toBe(messages('en').t('dobble.cardCount', { n: 2 }));
  });
});

describe('--lang on the command line', () => {
  it('an unknown language: one line listing the languages we have, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-lang-'));
    for (const args of [['calcudoku', '--lang', 'xx', '--seed', 'a'], ['key', 'K6HF-503STSQQX6', '--lang', 'klingon']]) {
      const r = cli([...args, '--out', join(dir, 'x.pdf')], dir);
      expect(r.code, r.stderr).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^puzzlepress: --lang \w+: there is no such language; the languages are /);
      for (const l of SHIPPED) expect(lines[0]).toContain(l);
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});
