import type { Kind, OptionSpec } from './core/kind.js';
import { KINDS } from './kinds/index.js';

/** One field of a kind's form, described from its option spec, so new options need no form code. */
export interface Field {
  key: string;
  flag: string; // "--size": errors name it, so a message can be shown by its field
  label: string;
  help: string;
  type: 'switch' | 'choice' | 'choices' | 'number' | 'text' | 'lines' | 'files';
  choices?: string[];
  choiceLabels?: Record<string, string>; // words to show for each choice
  min?: number;
  max?: number;
  value?: string | boolean; // what the kind uses when the field is left alone
  example?: string;
  suggestions?: Record<string, string>; // lines to add (value: the teacher's words for it)
}

export interface KindForm {
  name: string;
  title: string;
  summary: string;
  defaultCount: number;
  countOf: string; // what How many counts: "puzzles", "decks", ...
  explains: boolean; // has worked solutions (--explain)
  keyless: boolean; // never has an answer key
  layout: boolean; // --layout (puzzles a page) applies to its pages
  perPage: string; // what --layout places on a page: "puzzles", "cards", ...
  fields: Field[];
}

function label(flag: string): string {
  const words = flag.replace(/^--/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function flagOf(spec: OptionSpec): string {
  return spec.flags.match(/--[a-z0-9-]+/)?.[0] ?? `--${spec.key}`;
}

/** Help written for the command line names other options by flag; a form names them by their labels. */
function formHelp(text: string, labels: Map<string, string>): string {
  return text.replace(/--[a-z0-9-]+/g, (flag) => labels.get(flag) ?? flag);
}

function fieldOf(spec: OptionSpec, dflt: unknown, labels: Map<string, string>): Field {
  const flag = flagOf(spec);
  const base = { key: spec.key, flag, label: labels.get(flag)!, help: formHelp(spec.help ?? spec.description, labels) };
  const primitive = typeof dflt === 'string' || typeof dflt === 'number' ? String(dflt) : undefined;
  // a ticked or empty box shows its default; the words would only repeat it
  if (!/[<[]/.test(spec.flags)) return { ...base, help: base.help.replace(/\s*\(default (on|off)\)/, ''), type: 'switch', value: dflt === true };
  if (/<file/.test(spec.flags)) return { ...base, type: 'files' };
  const choiceLabels = spec.choiceLabels ? { ...spec.choiceLabels } : undefined;
  if (spec.choices && spec.multiple) return { ...base, type: 'choices', choices: [...spec.choices], choiceLabels, value: Array.isArray(dflt) ? dflt.join(',') : primitive };
  if (spec.choices) return { ...base, type: 'choice', choices: [...spec.choices], choiceLabels, value: Array.isArray(dflt) ? dflt.join(',') : primitive };
  if (spec.repeatable) return { ...base, type: 'lines', example: spec.example, ...(spec.suggestions ? { suggestions: { ...spec.suggestions } } : {}) };
  if (spec.range) return { ...base, type: 'number', min: spec.range[0], max: spec.range[1], value: primitive, example: spec.example };
  return { ...base, type: 'text', value: primitive, example: spec.example };
}

/** The fields of every kind; defaults are what each kind's schema fills in when nothing is given. */
export function kindForms(kinds: Kind[] = KINDS): KindForm[] {
  return kinds.map((k) => {
    const parsed = k.schema.safeParse({});
    const defaults = (parsed.success ? parsed.data : {}) as Record<string, unknown>;
    const labels = new Map(k.options.map((spec) => [flagOf(spec), spec.label ?? label(flagOf(spec))]));
    const seen = new Set<string>();
    const fields: Field[] = [];
    for (const spec of k.options) {
      if (seen.has(spec.key)) continue; // --playable / --no-playable: one switch
      seen.add(spec.key);
      fields.push(fieldOf(spec, defaults[spec.key], labels));
    }
    return { name: k.name, title: k.title, summary: k.summary, defaultCount: k.defaultCount, countOf: k.countOf ?? 'puzzles', explains: !!k.explain, keyless: !!k.keyless, layout: !k.ownLayout, perPage: k.perPage ?? k.countOf ?? 'puzzles', fields };
  });
}
