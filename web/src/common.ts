import { FieldErrors, h, notANumber, randomSeed, uid, wholeNumber, type Mistake } from './dom.js';
import type { Values } from './protocol.js';
import { languageSelect } from './languages.js';

/** The options every kind takes, as on the command line (--count, --seed, --paper, ...). */
/** The fonts that come with the page: the command line's --font value, and the name shown. */
export const FONTS: [string, string][] = [
  ['andika', 'Andika'],
  ['lexend', 'Lexend'],
  ['atkinson-hyperlegible', 'Atkinson Hyperlegible'],
];
export const FONT_HELP = 'Lexend and Atkinson Hyperlegible are easier to read for some children (dyslexia, low vision)';

export interface CommonFields {
  element: HTMLElement;
  values(): Values;
  /** Sets the fields an address names; `all`: the others back to how the page starts. */
  set(values: Record<string, string>, all?: boolean): void;
  seed(): string;
  /** How many the kind makes unless told, and what it counts ("puzzles", "decks"). */
  setCount(n: number, countOf: string): void;
  /** Offers worked solutions only for kinds that have them. */
  setExplains(on: boolean): void;
  /** Offers the Answer key choice only for kinds that can have one (not a card deck). */
  setKeyed(on: boolean): void;
  /** Offers Puzzles a page only for kinds whose pages it lays out (not a Ludo set), named for what they hold ("Cards a page"). */
  setLaidOut(on: boolean, perPage: string): void;
  showError(flag: string | undefined, message: Mistake): boolean;
  clearErrors(): void;
  /** The teacher's own font file, if one is chosen, under the name `values().font` gives. */
  files(): Promise<Record<string, Uint8Array>>;
  /** Mistakes the page finds itself, before any job: "My own font file" chosen, but no file. */
  problems(): { field: string; message: string }[];
}

/** Said by the Font field while "My own font file…" has no file: the sheet is not made in another font without a word. */
export const FONT_FILE_NEEDED = 'Choose your font file (.ttf or .otf) under the list, or pick another font in the list';

interface Spec {
  key: string;
  flag: string;
  label: string;
  help: string;
  control: HTMLInputElement | HTMLSelectElement;
  dflt?: string;
}

export function commonFields(changed: () => void, answersDefault = 'separate'): CommonFields {
  const ctl = (attrs: Record<string, string | number | undefined>) => h('input', { ...attrs, oninput: changed });
  const select = (choices: [string, string][], dflt: string) =>
    h('select', { onchange: changed }, ...choices.map(([v, text]) => h('option', { value: v, selected: v === dflt }, text)));
  // left empty, the set called "puzzles" is made: shown in the box rather than a blank
  const seed = ctl({ type: 'text', maxlength: 64, autocomplete: 'off', spellcheck: 'false', placeholder: 'puzzles' }) as HTMLInputElement;
  seed.value = randomSeed();
  const specs: Spec[] = [
    { key: 'count', flag: '--count', label: 'How many', help: 'puzzles to print, 1 to 1000', control: ctl({ type: 'number', min: 1, max: 1000, inputmode: 'numeric' }) as HTMLInputElement },
    { key: 'seed', flag: '--seed', label: 'Puzzle set', help: 'any word or number: the same word gives the same puzzles again', control: seed },
    { key: 'paper', flag: '--paper', label: 'Paper', help: 'the paper in your printer', control: select([['a4', 'A4'], ['letter', 'US Letter']], 'a4'), dflt: 'a4' },
    { key: 'answers', flag: '--answers', label: 'Answer key', help: 'where the answers go', control: select([['separate', 'In its own file'], ['back', 'At the back'], ['none', 'Leave out']], answersDefault), dflt: 'back' },
    { key: 'layout', flag: '--layout', label: 'Puzzles a page', help: 'columns x rows, for example 2x3 (leave empty to choose for me)', control: ctl({ type: 'text', placeholder: 'for example 2x3', autocomplete: 'off' }) as HTMLInputElement },
    { key: 'title', flag: '--title', label: 'Title', help: 'printed at the top of every page', control: ctl({ type: 'text', maxlength: 120 }) as HTMLInputElement },
    { key: 'lang', flag: '--lang', label: 'Language', help: 'the language of the instructions, headings and answer pages', control: languageSelect({ onchange: changed }), dflt: 'en' },
    {
      key: 'font',
      flag: '--font',
      label: 'Font',
      help: `${FONT_HELP}; or use a font file of your own`,
      control: select([...FONTS, ['own', 'My own font file…']], 'andika'),
      dflt: 'andika',
    },
  ];
  // the teacher's own .ttf/.otf, read in the browser and handed to the worker with the job
  const fontFile = h('input', { type: 'file', accept: '.ttf,.otf,font/ttf,font/otf', hidden: true, 'aria-label': 'Font file', onchange: changed }) as HTMLInputElement;
  const errors = new FieldErrors();
  const explainId = uid('explain');
  const explain = h('input', { type: 'checkbox', id: explainId, onchange: changed, 'aria-describedby': `${explainId}-help` });
  const explainField = h(
    'div',
    { class: 'field switch' },
    explain,
    h('label', { for: explainId }, 'Worked solutions'),
    h('p', { class: 'help', id: `${explainId}-help` }, 'after the answer key: how to solve each puzzle, step by step'),
  );
  const element = h('div', { class: 'fields' });
  let countHelp: HTMLElement | undefined;
  const boxes = new Map<string, HTMLElement>();
  for (const s of specs) {
    const id = uid(s.key);
    s.control.id = id;
    s.control.setAttribute('aria-describedby', `${id}-help ${id}-error`);
    const error = errors.line(s.flag, `${id}-error`, s.label);
    const extra =
      s.key === 'seed'
        ? h('button', { type: 'button', class: 'small', onclick: () => ((seed.value = randomSeed()), changed()) }, 'New puzzles')
        : s.key === 'font'
          ? fontFile
          : null;
    if (s.key === 'font') s.control.addEventListener('change', () => (fontFile.hidden = s.control.value !== 'own'));
    const help = h('p', { class: 'help', id: `${id}-help` }, s.help);
    if (s.key === 'count') countHelp = help;
    const box = h('div', { class: 'field' }, h('label', { for: id }, s.label), h('div', { class: 'row' }, s.control, extra), help, error);
    boxes.set(s.key, box);
    element.append(box);
  }
  element.append(explainField);
  const largeId = uid('large');
  const large = h('input', { type: 'checkbox', id: largeId, onchange: changed, 'aria-describedby': `${largeId}-help` });
  element.append(
    h(
      'div',
      { class: 'field switch' },
      large,
      h('label', { for: largeId }, 'Large print'),
      h('p', { class: 'help', id: `${largeId}-help` }, 'for pupils with low vision: bigger words, numbers and grids, thicker lines, fewer puzzles a page'),
    ),
  );
  const get = (key: string) => specs.find((s) => s.key === key)!;
  return {
    element,
    values() {
      const out: Values = {};
      for (const s of specs) {
        const v = s.control.value.trim();
        // only what differs from the command line's defaults (for answers, 'back'; the page starts
        // on 'separate'), so the address and the CLI mean the same
        if (v && v !== s.dflt && !boxes.get(s.key)?.hidden) out[s.key] = v;
      }
      if (out.font === 'own') {
        const f = fontFile.files?.[0];
        if (f) out.font = `my-font/${f.name}`;
        else delete out.font;
      }
      if (explain.checked && !explainField.hidden) out.explain = true;
      if (large.checked) out.largePrint = true;
      return out;
    },
    set(values, all = false) {
      for (const s of specs) {
        // the seed is in every address the page writes: left alone when one is not
        const v = values[s.key] ?? (all && s.key !== 'seed' ? (s.dflt ?? '') : undefined);
        // a select keeps its default when a link names a choice it lacks (paper=a3, lang=xx)
        if (v !== undefined && (!(s.control instanceof HTMLSelectElement) || [...s.control.options].some((o) => o.value === v))) s.control.value = v;
      }
      if (values.font?.startsWith('my-font/')) get('font').control.value = 'own'; // the file is picked again
      fontFile.hidden = get('font').control.value !== 'own';
      explain.checked = values.explain === 'true';
      large.checked = values.largePrint === 'true';
      if (values.answers === undefined && 'kind' in values) get('answers').control.value = 'back';
    },
    seed: () => seed.value.trim(),
    setKeyed(on) {
      boxes.get('answers')!.hidden = !on;
    },
    setLaidOut(on, perPage) {
      const box = boxes.get('layout')!;
      box.hidden = !on;
      const label = `${perPage.charAt(0).toUpperCase()}${perPage.slice(1)} a page`;
      box.querySelector('label')!.textContent = label;
      errors.rename('--layout', label);
    },
    setExplains(on) {
      explainField.hidden = !on;
    },
    setCount(n, countOf) {
      const count = get('count');
      (count.control as HTMLInputElement).placeholder = String(n);
      countHelp!.textContent = `${countOf} to print, 1 to 1000`;
    },
    showError: (flag, message) => errors.show(flag, message),
    clearErrors: () => errors.clear(),
    problems() {
      const count = get('count');
      return [
        ...(notANumber(count.control as HTMLInputElement) ? [{ field: count.flag, message: wholeNumber(count.flag, 1, 1000) }] : []),
        ...(get('font').control.value === 'own' && !fontFile.files?.[0] ? [{ field: '--font', message: FONT_FILE_NEEDED }] : []),
      ];
    },
    async files() {
      const f = fontFile.files?.[0];
      if (get('font').control.value !== 'own' || !f) return {};
      return { [`my-font/${f.name}`]: new Uint8Array(await f.arrayBuffer()) };
    },
  };
}
