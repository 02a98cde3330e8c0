import { h } from './dom.js';
import languages from '../generated/languages.json';

/** The languages pages can be printed in (a file each in messages/), named in their own words, and a class set's title when none is typed. */
export const LANGUAGES = languages as { code: string; name: string; title: string }[];

/** A list to pick the language of the printed words; English first, as the command line's default. */
export function languageSelect(attrs: Parameters<typeof h>[1] = {}): HTMLSelectElement {
  const sorted = [...LANGUAGES].sort((a, b) => (a.code === 'en' ? -1 : b.code === 'en' ? 1 : a.name.localeCompare(b.name)));
  return h('select', attrs, ...sorted.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === 'en' }, l.name)));
}
