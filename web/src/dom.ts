import { GOT_WORDS, type Ease, type Said } from '../../src/core/errors.js';

type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;
type Child = Node | string | null | undefined | false;

/** A small element builder: attributes, `on*` listeners, and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

let ids = 0;
export function uid(prefix: string): string {
  return `${prefix}-${++ids}`;
}

/** Offers bytes as a download with the given file name. */
export function download(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What the teacher typed, kept for this tab only (sessionStorage): a reload keeps it, and a shared
 * school computer forgets it once the tab is closed. Storage turned off or full is no error: the
 * page works, it just does not keep things.
 */
export function keepInTab(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not kept
  }
}

export function keptInTab<T>(key: string): T | undefined {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

export function randomSeed(): string {
  const letters = '23456789abcdefghjkmnpqrstuvwxyz';
  return [...crypto.getRandomValues(new Uint8Array(6))].map((b) => letters[b % letters.length]).join('');
}

/** Every field's label by its flag, from all forms on the page. */
const labels = new Map<string, string>();

/** Names a flag by a field's label where no form's error line has named it (a class set's own fields). */
export function nameFlag(flag: string, label: string): void {
  if (!labels.has(flag)) labels.set(flag, label);
}

/**
 * A mistake to word: the library's message, and what it is about when the library said so (its
 * data, set where it was found). A plain string is a message of the page's own.
 */
export type Mistake = string | { message: string; field?: string; said?: Said };

/** A field by its label on the form, or by its flag's words where no form has it ("--wild-chance": wild chance). */
function labelOf(flag: string | undefined, mid = false): string {
  const label = (flag && labels.get(flag)) ?? (flag ?? 'this').replace(/^--/, '').replace(/-/g, ' ');
  return mid ? label.charAt(0).toLowerCase() + label.slice(1) : label.charAt(0).toUpperCase() + label.slice(1);
}

/** "a, b or c" */
function listed(items: readonly string[], last = 'or'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** A setting to change, said as what to do with its field. */
function eased(e: Ease): string {
  const l = labelOf(e.field, true);
  switch (e.way) {
    case 'bigger':
      return `a bigger ${l}`;
    case 'more':
      return `more ${l}`;
    case 'fewer':
      return `fewer ${l}`;
    case 'smaller':
      return `smaller ${l}`;
    case 'wider':
      return `a wider range of ${l}`;
    case 'other':
      return `another ${l}`;
    case 'off':
      return `untick “${labelOf(e.field)}”`;
  }
}

/** What the library said a mistake is about, in the page's words, by its field's label. */
function saidWords(s: Said, field: string | undefined): string | undefined {
  const label = labelOf(field);
  const near = s.near ? `; did you mean ${s.near}?` : '';
  switch (s.what) {
    case 'range': {
      if (s.min === undefined || s.max === undefined) return undefined;
      const what = s.unit === 'percent' ? 'a percent' : s.unit === 'mm' ? 'a number of millimetres' : s.step === 1 ? 'a whole number' : 'a number';
      return `${label} must be ${what} from ${s.min} to ${s.max}${s.step === 0.1 ? ', with at most one decimal' : ''}`;
    }
    case 'choice': {
      const c = s.choices ?? [];
      return c.length ? `${label} must be ${c.length === 2 ? listed(c) : `one of ${listed(c)}`}${near}` : undefined;
    }
    case 'format':
      return s.example ? `${label} must be written like ${s.example}` : undefined;
    case 'unknownSetting':
      return `There is no setting called ${s.name}${s.inSheet ? ' for this worksheet' : ''}${near}`;
    case 'unknownKind':
      return `There is no kind of worksheet called ${s.name}${s.near ? `; did you mean ${s.near}?` : `: the kinds are ${listed(s.choices ?? [], 'and')}`}`;
    case 'noWorksheets':
      return 'The file lists no worksheets';
    case 'notWorksheet':
      // a line of the box that is none of its worksheets: the buttons under the box add them
      return `${label}: “${s.name}” is not a worksheet; add one with a + button`;
    case 'notAPlan':
      return 'This is not a file saved with Save these settings';
    case 'nothingChosen':
      return 'Tick at least one worksheet or game page: there would be nothing to print';
    case 'cannotMake':
      return `No ${s.thing ?? 'puzzle'} like this could be made${s.ease?.length ? `: try ${listed(s.ease.map(eased))}` : ''}`;
  }
}

/**
 * A mistake in the page's words: from what the library said it is about, by its field's label;
 * a message without that is said as it is, its options named as the form names them.
 */
export function inFormWords(m: Mistake): string {
  const said = typeof m === 'string' || !m.said ? undefined : saidWords(m.said, m.field);
  if (said) return said;
  const words = (typeof m === 'string' ? m : m.message)
    // the value is in the box beside the message: in a program's quotes after its option it only echoes it ("--primes: "zzz" is not a prime")
    .replace(/^(--[a-z0-9-]+:? )"([^"]*)"/, '$1$2')
    // mid-sentence a label is words of the sentence ("or choose 4 symbols per card")
    .replace(/--[a-z0-9-]+/g, (flag, at: number) => (labels.has(flag) ? labelOf(flag, at > 0) : flag))
    // and "(got 99)" only echoes it in a program's voice
    .replace(new RegExp(GOT_WORDS.source, 'g'), '');
  // a line of its own, as a sentence ("large print: ..." opened a banner in small letters)
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Letters in a number box ("ten"): the browser gives the page no value at all, so the sheet was made
 * with the default and the letters seemed to vanish. Said by the box as the library says a number out of range.
 */
export function notANumber(input: HTMLInputElement): boolean {
  return input.validity.badInput;
}

export function wholeNumber(flag: string, min: number, max: number): string {
  return `${flag} must be a whole number from ${min} to ${max}`;
}

/** The error lines under a form's fields, by the flag the library's messages start with. */
export class FieldErrors {
  private lines = new Map<string, HTMLElement>();

  /** A hidden error line for the field of `flag`, to place under it. */
  line(flag: string, id: string, label: string): HTMLElement {
    labels.set(flag, label);
    const el = h('p', { class: 'error', id, role: 'alert', hidden: true });
    this.lines.set(flag, el);
    return el;
  }

  /** The field of `flag` is now called `label` (a label that follows the kind chosen). */
  rename(flag: string, label: string): void {
    labels.set(flag, label);
  }

  private offered: HTMLElement[] = [];

  /**
   * Shows `message` under the field of `flag`, and under it `offers` (buttons doing what it
   * suggests); false when no field here has that flag.
   */
  show(flag: string | undefined, message: Mistake, offers: HTMLElement[] = []): boolean {
    const el = flag ? this.lines.get(flag) : undefined;
    if (!el) return false;
    el.textContent = inFormWords(message);
    el.hidden = false;
    el.closest('.field')?.classList.add('invalid');
    if (offers.length) {
      const row = h('div', { class: 'fixes' }, ...offers);
      el.after(row);
      this.offered.push(row);
    }
    return true;
  }

  clear(): void {
    for (const el of this.lines.values()) {
      el.hidden = true;
      el.textContent = '';
      el.closest('.field')?.classList.remove('invalid');
    }
    for (const row of this.offered.splice(0)) row.remove();
  }
}
