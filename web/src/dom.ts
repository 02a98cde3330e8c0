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

/** The library's messages name options by flag ("--size must be ..."); the page names them as its form does. */
export function inFormWords(message: string): string {
  const words = message
    // the value is in the box: "Size 0: give a whole number" says what would work instead
    .replace(/^(--[a-z0-9-]+) (?:"[^"]*"|\S+): give (an?) /, '$1 must be $2 ')
    .replace(/^(--[a-z0-9-]+): "([^"]*)" is not /, '$1: $2 is not ')
    // a line of the box that is none of its worksheets: the buttons under the box add them
    .replace(/^--task (.+?): not a worksheet; write one of .*$/, '--task: “$1” is not a worksheet; add one with a + button')
    .replace(/^--worksheet and --printables are both none: /, 'Tick at least one worksheet or game page: ')
    // mid-sentence a label is words of the sentence ("or choose 4 symbols per card")
    .replace(/--[a-z0-9-]+/g, (flag, at: number) => {
      const label = labels.get(flag) ?? flag;
      return at > 0 ? label.charAt(0).toLowerCase() + label.slice(1) : label;
    })
    // the value is in the box beside the message: "(got 99)" only echoes it in a program's voice
    .replace(/ \(got (?:"[^"]*"|[^)]*)\)/g, '')
    .replace(/(?:, not "[^"]*"$| \(not "[^"]*"\))/, '');
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
  show(flag: string | undefined, message: string, offers: HTMLElement[] = []): boolean {
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
