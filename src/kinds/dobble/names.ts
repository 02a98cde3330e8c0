import type { Messages } from '../../i18n/messages.js';
import type { SymbolSource } from '../../pdf/symbols.js';

/** A built-in picture's name in the run's language (messages symbol.<icon>); the teacher's own words and files as given. */
export function symbolName(m: Messages, s: SymbolSource): string {
  if (s.kind !== 'icon') return s.name;
  const key = `symbol.${s.icon}`;
  return m.has(key) ? m.t(key) : s.name;
}
