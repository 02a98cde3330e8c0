import type { Field, KindForm } from '../../src/form.js';
import { wordsNote } from './words-note.js';
import { deckSize, hasPlane } from '../../src/kinds/dobble/plane.js';
import { FieldErrors, h, notANumber, uid, wholeNumber, type Mistake } from './dom.js';
import type { Values } from './protocol.js';
import type { Fix } from '../../src/core/errors.js';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE } from '../../src/pdf/picture-limits.js';
import { sentenceList, type SentenceList } from './sentence-list.js';

/** The teacher's own files for a `files` field: a typed word list, or dropped pictures. */
export interface OwnFiles {
  words: string;
  pictures: File[];
}

export interface FieldSet {
  element: HTMLElement;
  /** Kind options as the CLI would receive them: only fields the teacher changed. */
  values(): Values;
  files(): Promise<Record<string, Uint8Array>>;
  set(values: Record<string, string>): void;
  /** `fixes`: the ways out the message offers, as buttons by it that set their field. False when no field has that flag. */
  showError(flag: string | undefined, message: Mistake, fixes?: Fix[]): boolean;
  clearErrors(): void;
  /** A line under a switch saying why it does nothing now ('' takes it away). */
  note(key: string, text: string): void;
  /** What `values()` cannot carry but a reload should keep: the typed word list (`words`). */
  kept(): Record<string, string>;
  /** Mistakes the page finds itself, before any job: own symbols named but not here (a reload, a link). */
  problems(): { field: string; message: string }[];
}

/** Large print prints no worked example: said under the switch, which stays as the teacher left it. */
export const EXAMPLE_IN_LARGE_PRINT = 'Large print leaves the worked example out: its pictures and words do not fit when printed large.';


function help(id: string, text: string): HTMLElement {
  return h('p', { class: 'help', id }, text);
}

/**
 * Builds one kind's form from its description; `changed` is called on every edit. The teacher's
 * files are named under `folder` (several worksheets of a class set each have their own).
 */
export function kindFields(form: KindForm, changed: () => void, folder = ''): FieldSet {
  const WORDS_FILE = `${folder}words.txt`;
  const PICTURES = `${folder}pictures`;
  const element = h('div', { class: 'fields' });
  const readers: (() => [string, Values[string]] | null)[] = [];
  const setters = new Map<string, (v: string) => void>();
  const notes = new Map<string, HTMLElement>();
  const controls = new Map<string, HTMLInputElement | HTMLSelectElement>(); // the one-value fields, by key
  const errors = new FieldErrors();
  const own: OwnFiles = { words: '', pictures: [] };
  let filesField: Field | undefined;
  let setWords = (_: string) => {};
  // the address or a saved plan names the teacher's own symbols, but they are not here: said by the
  // field, never swapped for the built-in pictures without a word
  let lost: 'words' | 'pictures' | null = null;
  let showLost = () => {};
  let ownElement: HTMLElement | undefined;
  const numbers: [Field, HTMLInputElement][] = [];
  const ids = new Map<string, string>(); // each field's control, by key
  const sentenceLists = new Map<string, SentenceList>(); // by flag

  for (const f of form.fields) {
    const id = uid(f.key);
    ids.set(f.key, id);
    const helpId = `${id}-help`;
    const error = errors.line(f.flag, `${id}-error`, f.label);
    const describedBy = `${helpId} ${id}-error`;
    let control: HTMLElement;
    let extra: HTMLElement | null = null; // under the control, before its help
    if (f.type === 'switch') {
      const note = h('p', { class: 'help', id: `${id}-note`, hidden: true });
      notes.set(f.key, note);
      const box = h('input', { type: 'checkbox', id, checked: f.value === true, 'aria-describedby': `${describedBy} ${id}-note`, onchange: changed });
      readers.push(() => (box.checked !== (f.value === true) ? [f.key, box.checked] : null));
      setters.set(f.key, (v) => (box.checked = v === 'true' || v === ''));
      element.append(h('div', { class: 'field switch' }, box, h('label', { for: id }, f.label), help(helpId, f.help), note, error));
      continue;
    }
    if (f.type === 'choice') {
      const sel = h('select', { id, 'aria-describedby': describedBy, onchange: changed }, ...f.choices!.map((c) => h('option', { value: c, selected: c === f.value }, f.choiceLabels?.[c] ?? c)));
      readers.push(() => (sel.value !== f.value ? [f.key, sel.value] : null));
      // A hand-edited or old link may name a choice the form lacks: keep the default, not an empty select.
      setters.set(f.key, (v) => {
        if (f.choices!.includes(v)) sel.value = v;
      });
      control = sel;
      controls.set(f.key, sel);
    } else if (f.type === 'choices') {
      const start = String(f.value ?? f.choices!.join(',')).split(',');
      const boxes = f.choices!.map((c) => h('input', { type: 'checkbox', id: `${id}-${c}`, value: c, checked: start.includes(c), onchange: changed }));
      readers.push(() => {
        const v = boxes.filter((b) => b.checked).map((b) => b.value).join(',') || 'none';
        return v !== start.join(',') ? [f.key, v] : null;
      });
      setters.set(f.key, (v) => boxes.forEach((b) => (b.checked = v.split(',').includes(b.value))));
      element.append(
        h('fieldset', { class: 'field choices', 'aria-describedby': describedBy }, h('legend', {}, f.label), ...f.choices!.map((c, i) => h('span', { class: 'choice' }, boxes[i]!, h('label', { for: `${id}-${c}` }, f.choiceLabels?.[c] ?? c))), help(helpId, f.help), error),
      );
      continue;
    } else if (f.type === 'lines' && f.suggestions) {
      const list = sentenceList(id, f.suggestions, describedBy, changed);
      sentenceLists.set(f.flag, list);
      readers.push(() => {
        const lines = list.lines();
        return lines.length ? [f.key, lines] : null;
      });
      setters.set(f.key, (v) => list.set(v.split('|')));
      element.append(h('fieldset', { class: 'field sentences-field' }, h('legend', {}, f.label), list.element, list.adders, help(helpId, f.help), error));
      continue;
    } else if (f.type === 'lines') {
      const area = h('textarea', { id, rows: 3, placeholder: f.example ? `for example ${f.example}` : undefined, 'aria-describedby': describedBy, oninput: changed });
      readers.push(() => {
        const lines = area.value.split('\n').map((l) => l.trim()).filter(Boolean);
        return lines.length ? [f.key, lines] : null;
      });
      setters.set(f.key, (v) => (area.value = v.split('|').join('\n')));
      control = area;
    } else if (f.type === 'files') {
      filesField = f;
      const note = h('p', { class: 'help note', id: `${id}-note`, 'aria-live': 'polite', hidden: true });
      notes.set(f.key, note);
      const own_ = ownFilesField(f.help, id, own, () => ((lost = null), showLost(), changed()), error, note, () => ((lost = null), showLost(), changed()));
      setWords = own_.setWords;
      showLost = () => own_.showLost(lost !== null);
      ownElement = own_.element;
      element.append(own_.element);
      readers.push(() => (own.pictures.length ? [f.key, PICTURES] : own.words.trim() ? [f.key, WORDS_FILE] : lost ? [f.key, lost === 'pictures' ? PICTURES : WORDS_FILE] : null));
      continue;
    } else {
      const input = h('input', {
        id,
        type: f.type === 'number' ? 'number' : 'text',
        min: f.min,
        max: f.max,
        inputmode: f.type === 'number' ? 'numeric' : undefined,
        placeholder: f.example ?? (f.value !== undefined ? String(f.value) : undefined),
        'aria-describedby': describedBy,
        oninput: changed,
      });
      readers.push(() => (input.value.trim() ? [f.key, input.value.trim()] : null));
      setters.set(f.key, (v) => (input.value = v));
      control = input;
      controls.set(f.key, input);
      if (f.type === 'number') numbers.push([f, input]);
    }
    element.append(h('div', { class: 'field' }, h('label', { for: id }, f.label), control, extra, help(helpId, f.help), error));
  }

  // a word list longer than the deck: say which words a deck of this size leaves out
  const perCard = form.fields.find((f) => f.key === 'symbolsPerCard');
  const wordNote = () => {
    if (!filesField || !perCard) return;
    const k = Number(controls.get(perCard.key)?.value || perCard.value);
    const lines = own.words.split('\n').map((w) => w.trim()).filter(Boolean);
    // one line between commas is a list of words, as the deck reads it (src/kinds/dobble/custom.ts)
    const sep = lines.length === 1 ? ['\t', ';', ','].find((c) => lines[0]!.split(c).length >= 3) : undefined;
    const list = sep ? lines[0]!.split(sep).map((w) => w.trim()).filter(Boolean) : lines;
    // pictures chosen are used instead of the words: the ones a deck leaves out are said just the same
    const text = own.pictures.length ? wordsNote(own.pictures.length, k, 'pictures') : wordsNote(new Set(list.map((w) => w.toLowerCase())).size, k);
    const note = notes.get(filesField.key)!;
    note.textContent = text;
    note.hidden = !text;
  };
  element.addEventListener('input', wordNote);
  element.addEventListener('change', wordNote);

  // A grey example in an empty box reads as what will be used: a default that follows another field
  // follows it here too (Width showed 8 beside a Size of 12; Cards 57 for a deck of 3 symbols a card, 7 cards).
  const follows: [HTMLInputElement | HTMLSelectElement, () => string][] = [];
  const size = controls.get('size') as HTMLInputElement | undefined;
  for (const key of ['width', 'height', 'cols', 'rows']) {
    const c = controls.get(key);
    if (c && size) follows.push([c, () => size.value.trim() || size.placeholder]);
  }
  // Flow's Size has no default of its own, only Width's and Height's (8 each): an empty Size beside
  // Width's grey 8 read as no size, or another. It shows the size made, when the boxes it sets agree.
  const theirs = new Set(follows.map(([c]) => (c as HTMLInputElement).placeholder));
  if (size && !size.placeholder && theirs.size === 1) size.placeholder = [...theirs][0]!;
  const cards = controls.get('cards');
  const perCardBox = controls.get('symbolsPerCard');
  if (cards && perCardBox) follows.push([cards, () => (hasPlane(Number(perCardBox.value)) ? String(deckSize(Number(perCardBox.value))) : '')]);
  const followed = new Map(follows.map(([c]) => [c, (c as HTMLInputElement).placeholder]));
  const follow = () => {
    for (const [c, value] of follows) (c as HTMLInputElement).placeholder = value() || followed.get(c)!;
  };
  element.addEventListener('input', follow);
  element.addEventListener('change', follow);
  follow();

  /**
   * A way out the message offers ("or choose 4 symbols per card") as a button that sets that field
   * and makes the sheet again: the teacher had to find the field to do what the message said.
   */
  const offer = (fix: Fix): HTMLElement[] => {
    const f = form.fields.find((x) => x.flag === fix.field);
    const set = f && setters.get(f.key);
    if (!f || !set || (f.choices && !f.choices.includes(fix.value))) return [];
    const words =
      f.key === 'symbolsPerCard'
        ? `Use ${fix.value} symbols a card`
        : f.key === 'cards'
          ? `Make ${fix.value} cards`
          : f.type === 'switch'
            ? `${fix.value === 'false' ? 'Untick' : 'Tick'} ${f.label.toLowerCase()}`
            : `Set ${f.label.toLowerCase()} to ${fix.value}`;
    return [
      h('button', { type: 'button', class: 'small', onclick: () => {
        set(fix.value);
        wordNote();
        follow();
        changed();
        // this button goes with the message: the cursor goes to what it changed (left where it is on the screen)
        document.getElementById(ids.get(f.key)!)?.focus({ preventScroll: true });
      } }, words),
    ];
  };

  return {
    element,
    values() {
      const out: Values = {};
      for (const r of readers) {
        const kv = r();
        if (kv) out[kv[0]] = kv[1];
      }
      return out;
    },
    files: () => (filesField ? ownFiles(own, WORDS_FILE, PICTURES) : Promise.resolve({})),
    set(values) {
      for (const [k, v] of Object.entries(values)) setters.get(k)?.(v);
      if (filesField) {
        if (values.words !== undefined) {
          setWords(values.words);
          lost = null;
        } else if (values[filesField.key]) {
          lost = /(^|\/)pictures$/.test(values[filesField.key]!) ? 'pictures' : 'words';
        }
        showLost();
      }
      wordNote();
      follow();
    },
    kept: (): Record<string, string> => (filesField && !own.pictures.length && own.words.trim() ? { words: own.words } : {}),
    problems() {
      const found = numbers.filter(([, input]) => notANumber(input)).map(([f]) => ({ field: f.flag, message: wholeNumber(f.flag, f.min!, f.max!) }));
      for (const [flag, list] of sentenceLists) {
        const message = list.unfinished();
        if (message) found.push({ field: flag, message });
      }
      if (!lost || !filesField) return found;
      const message = lost === 'pictures' ? 'Your pictures were not kept: choose them again' : 'Your word list was not kept: paste it again';
      return [...found, { field: filesField.flag, message }];
    },
    showError(flag, message, fixes = []) {
      // the pictures are used when there are any (or were, before a reload): the message is theirs
      if (filesField && flag === filesField.flag) ownElement?.classList.toggle('about-pictures', own.pictures.length > 0 || lost === 'pictures');
      const list = flag ? sentenceLists.get(flag) : undefined;
      if (list) {
        // said as the rows read, unless the page words it from what the library said it is about
        const worded = list.inWords(typeof message === 'string' ? message : message.message, flag!);
        if (typeof message === 'string') message = worded;
        else if (!message.said) message = { ...message, message: worded };
      }
      return errors.show(flag, message, fixes.flatMap(offer));
    },
    clearErrors() {
      errors.clear();
      for (const list of sentenceLists.values()) list.unmark();
    },
    note(key, text) {
      const note = notes.get(key);
      if (!note) return;
      note.textContent = text;
      note.hidden = !text;
    },
  };
}

/**
 * The control a field marked in red is about, for the cursor: the pictures' file box when the message
 * is about the pictures chosen, not the words box above it in Your own symbols.
 */
export function wrongControl(field: Element): HTMLElement | null {
  if (field.classList.contains('about-pictures')) return field.querySelector<HTMLElement>('input[type=file]');
  return field.querySelector<HTMLElement>('input:not([type=file]):not([hidden]), select, textarea');
}

/** The name of a field marked in red, as the message above the pages says it: what its control is. */
export function wrongName(field: Element): string {
  if (field.classList.contains('about-pictures')) return 'Your own pictures';
  return (field.querySelector(':scope > label, :scope > legend')?.textContent ?? '').replace(/\s*\(.*\)$/, '');
}

/** The teacher's words as `wordsFile`, or their pictures in the folder `pictures`, as the library reads them. */
export async function ownFiles(own: OwnFiles, wordsFile: string, pictures: string): Promise<Record<string, Uint8Array>> {
  if (own.pictures.length) return Object.fromEntries(await Promise.all(own.pictures.map(async (f) => [`${pictures}/${f.name}`, await fitted(f)] as const)));
  return own.words.trim() ? { [wordsFile]: new TextEncoder().encode(own.words) } : {};
}

/**
 * A photo larger than a card prints (a phone's are 4000x3000 and several MB) made smaller here, as
 * a teacher would have to do by hand: the library takes at most 1000x1000, which prints sharp at card
 * size. Turned upright as the phone shows it. Anything this browser cannot open goes as it is, for
 * the library to say what is wrong with it.
 */
async function fitted(f: File): Promise<Uint8Array> {
  const bytes = new Uint8Array(await f.arrayBuffer());
  if (!/\.(png|jpe?g)$/i.test(f.name)) return bytes;
  let picture: ImageBitmap;
  try {
    picture = await createImageBitmap(f, { imageOrientation: 'from-image' });
  } catch {
    return bytes;
  }
  const { width, height } = picture;
  const scale = Math.min(1, MAX_PICTURE_SIDE / width, MAX_PICTURE_SIDE / height, Math.sqrt(MAX_PICTURE_PIXELS / (width * height)));
  if (scale === 1) {
    picture.close();
    return bytes;
  }
  const canvas = new OffscreenCanvas(Math.max(1, Math.floor(width * scale)), Math.max(1, Math.floor(height * scale)));
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(picture, 0, 0, canvas.width, canvas.height);
  picture.close();
  // a PNG stays a PNG (its see-through parts kept); a photo stays a JPEG
  const blob = await canvas.convertToBlob(/\.png$/i.test(f.name) ? { type: 'image/png' } : { type: 'image/jpeg', quality: 0.9 });
  return new Uint8Array(await blob.arrayBuffer());
}

/** A word list typed in, or pictures chosen or dropped: the page's form of "a .txt file or a folder". */
export function ownFilesField(
  help: string,
  id: string,
  own: OwnFiles,
  changed: () => void,
  error: HTMLElement,
  note: HTMLElement,
  builtIn: () => void,
): { element: HTMLElement; setWords(text: string): void; showLost(on: boolean): void } {
  const words = h('textarea', { id: `${id}-words`, rows: 5, placeholder: 'cat\ndog\nrainbow\n...', oninput: () => ((own.words = words.value), changed()) });
  const count = h('p', { class: 'help', 'aria-live': 'polite' });
  const show = () => {
    const n = own.pictures.length;
    count.textContent = n ? `${n} ${n === 1 ? 'picture' : 'pictures'} chosen` : 'No pictures chosen';
    clear.hidden = !own.pictures.length;
  };
  const picker = h('input', {
    type: 'file',
    id: `${id}-pictures`,
    multiple: true,
    accept: '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml',
    onchange: () => {
      own.pictures = [...(picker.files ?? [])];
      show();
      changed();
    },
  });
  // offered only when there is something to remove
  const clear = h('button', { type: 'button', class: 'small', hidden: true, onclick: () => ((own.pictures = []), (picker.value = ''), show(), changed()) }, 'Remove pictures');
  const drop = h('div', { class: 'drop' }, h('label', { for: `${id}-pictures` }, 'Your own pictures (PNG, JPEG or SVG): choose or drop them here'), picker, count, clear);
  drop.addEventListener('dragover', (e) => (e.preventDefault(), drop.classList.add('over')));
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    own.pictures = [...(e.dataTransfer?.files ?? [])];
    show();
    changed();
  });
  show();
  // offered only while the teacher's own symbols are named but missing: the way back to the built-in deck
  const useBuiltIn = h('button', { type: 'button', class: 'small', hidden: true, onclick: builtIn }, 'Use the built-in pictures instead');
  const element = h(
    'fieldset',
    { class: 'field own' },
    h('legend', {}, 'Your own symbols (instead of the built-in pictures)'),
    h('label', { for: `${id}-words` }, 'Words, one on each line'),
    words,
    drop,
    h('p', { class: 'help' }, help),
    note,
    error,
    useBuiltIn,
  );
  return {
    element,
    setWords(text) {
      words.value = own.words = text;
    },
    showLost(on) {
      useBuiltIn.hidden = !on;
    },
  };
}
