import type { KindForm } from '../../src/form.js';
import { commonFields } from './common.js';
import { download, h, inFormWords } from './dom.js';
import { EXAMPLE_IN_LARGE_PRINT, kindFields, wrongControl, wrongName, type FieldSet } from './fields.js';
import type { Jobs } from './jobs.js';
import { Preview } from './preview.js';
import type { OutFile, Problem, Reply } from './protocol.js';
import { Status } from './status.js';

/** A kind's summary under its name on the card, without saying the name again ("Flow (Numberlink): join ..."). */
function blurb(k: KindForm): string {
  const named = k.summary.toLowerCase().startsWith(k.title.toLowerCase()) ? k.summary.slice(k.title.length).replace(/^\s*(\([^)]*\))?\s*:?\s*/, '') : k.summary;
  return named.charAt(0).toUpperCase() + named.slice(1);
}

export interface SheetView {
  element: HTMLElement;
  /** The kind and options of an address gone Back to. */
  restore(state: Record<string, string>): void;
}

/** "Worksheets": pick a kind, set its options, see the pages as they change, download the files. */
export function sheetView(kinds: KindForm[], jobs: Jobs, state: Record<string, string>, saveState: (s: Record<string, string>) => void): SheetView {
  let kind = kinds.find((k) => k.name === state.kind) ?? kinds[0]!;
  let fields: FieldSet;
  const common = commonFields(() => (exampleNote(), schedule()));
  const status = new Status();
  const sheetPreview = new Preview('Pages');
  const keyPreview = new Preview('Answer key');
  let files: OutFile[] = [];
  let frontPages = 0;
  // set before the first await: two runs started together each showed their own file, the last to end winning
  let busy = false;
  const chosen = new Map<string, Record<string, string>>(); // each kind's options when another was picked
  let changes = 0; // options changed since: a sheet shown after this many is already the last options'
  let again = false;
  let pressed = false; // Make the puzzles pressed: its answer may be a field far above the button
  let showKey = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;

  const optionsBox = h('div', { class: 'kind-options' });
  const picker = h(
    'fieldset',
    { class: 'kinds' },
    h('legend', {}, 'Puzzle'),
    ...kinds.map((k) => {
      const id = `kind-${k.name}`;
      const radio = h('input', { type: 'radio', name: 'kind', id, value: k.name, checked: k === kind, onchange: () => choose(k, chosen.get(k.name)) });
      return h('div', { class: 'kind' }, radio, h('label', { for: id }, h('strong', {}, k.title), h('span', {}, blurb(k))));
    }),
  );

  const tabs = {
    sheet: h('button', { type: 'button', role: 'tab', 'aria-selected': 'true', id: 'tab-sheet', 'aria-controls': 'panel-sheet', onclick: () => tab('sheet') }, 'Pages'),
    key: h('button', { type: 'button', role: 'tab', 'aria-selected': 'false', id: 'tab-key', 'aria-controls': 'panel-key', onclick: () => tab('key') }, 'Answer key'),
  };
  // a card deck has no answers: no Answer key tab or button that could only say so
  const tabList = h('div', { role: 'tablist', 'aria-label': 'Which pages to preview', class: 'tabs' }, tabs.sheet, tabs.key);
  const keyNote = h('p', { class: 'help' });
  const panels = {
    sheet: h('div', { role: 'tabpanel', id: 'panel-sheet', 'aria-labelledby': 'tab-sheet' }, sheetPreview.element),
    key: h('div', { role: 'tabpanel', id: 'panel-key', 'aria-labelledby': 'tab-key', hidden: true }, keyNote, keyPreview.element),
  };
  const buttons = {
    pdf: h('button', { type: 'button', class: 'primary', disabled: true, onclick: () => save(0) }, 'Download PDF'),
    key: h('button', { type: 'button', disabled: true, onclick: () => save(1) }, 'Download answer key (PDF)'),
    json: h('button', { type: 'button', class: 'small', disabled: true, onclick: () => save(2) }, 'Download data (JSON)'),
  };
  // Where the answers are when there is no answer key file to download: a greyed button said nothing.
  const keyWhere = h('span', { class: 'help key-where', hidden: true });
  // a teacher prints; the puzzles as data are for other software, so below the pages, not beside Download PDF
  const forSoftware = h('p', { class: 'help for-software', hidden: true }, 'For other software: the puzzles and answers as data. ', buttons.json);

  function tab(which: 'sheet' | 'key'): void {
    for (const t of ['sheet', 'key'] as const) {
      tabs[t].setAttribute('aria-selected', String(t === which));
      panels[t].hidden = t !== which;
    }
    if (which === 'key') showKey();
  }

  function choose(k: KindForm, values: Record<string, string> = {}): void {
    // a kind's options as the teacher left them, for when they come back to it (Size 5 came back as 6)
    if (fields) chosen.set(kind.name, { ...flat(fields.values()), ...fields.kept() });
    kind = k;
    fields = kindFields(k, () => schedule());
    fields.set(values);
    exampleNote();
    common.setCount(k.defaultCount, k.countOf);
    common.setExplains(k.explains);
    common.setKeyed(!k.keyless);
    tabList.hidden = buttons.key.hidden = k.keyless;
    if (k.keyless) {
      keyWhere.hidden = true;
      tab('sheet');
    }
    common.setLaidOut(k.layout, k.perPage);
    optionsBox.replaceChildren(h('h2', {}, `${k.title} options`), fields.element);
    schedule(0);
  }

  function exampleNote(): void {
    fields?.note('example', common.values().largePrint ? EXAMPLE_IN_LARGE_PRINT : '');
  }

  function save(which: number): void {
    const f = pick(which);
    if (f) download(f.name, f.bytes, f.name.endsWith('.json') ? 'application/json' : 'application/pdf');
  }

  function pick(which: number): OutFile | undefined {
    const pdfs = files.filter((f) => f.name.endsWith('.pdf'));
    if (which === 2) return files.find((f) => f.name.endsWith('.json'));
    return which === 0 ? pdfs[0] : pdfs[1];
  }

  function schedule(delay = 300): void {
    clearTimeout(timer);
    timer = setTimeout(generate, delay);
    outdated();
  }

  /** Once an option changes, the files and pages shown are the last options' until the new ones are made. */
  function outdated(): void {
    changes++;
    for (const b of Object.values(buttons)) b.disabled = true;
    for (const p of Object.values(panels)) p.classList.add('stale');
  }

  async function generate(): Promise<void> {
    if (busy) {
      again = true; // the newest options win once the running job ends
      return;
    }
    busy = true;
    const r = await run().finally(() => (busy = false));
    if (!r) {
      again = false; // a cancelled run takes the changes waiting behind it with it
      pressed = false;
      return status.say('Stopped. Change an option or press Make the puzzles again.');
    }
    if (again) {
      again = false;
      return generate();
    }
    if (r.reply.type === 'error') return showErrors(r.reply);
    if (r.reply.type === 'done') await show(r.reply, r.values, r.started);
  }

  /** Starts a job for the options as they are now. */
  async function run(): Promise<{ reply: Reply; values: Record<string, string | boolean | string[]>; started: number } | null> {
    const values = { ...common.values(), ...fields.values() };
    if (!common.seed()) values.seed = 'puzzles';
    saveState({ view: 'sheet', kind: kind.name, ...flat(values), ...fields.kept() });
    fields.clearErrors();
    common.clearErrors();
    // the page's own findings (a word list not kept through a reload, a font file not chosen): nothing
    // is made, not even the built-in deck or the sheet in the default font
    const [problem, ...more] = [...fields.problems(), ...common.problems()];
    if (problem) {
      status.working('Making your puzzles…', () => {}); // a run, ended at once: the status line counts it
      return { reply: { id: 0, type: 'error', ...problem, more }, values, started: performance.now() };
    }
    const job = jobs.run({ type: 'sheet', kind: kind.name, values, files: { ...(await fields.files()), ...(await common.files()) } }, (p) =>
      status.progress(p.done, p.total, p.what === 'pages' ? 'Drawing the pages…' : `Making puzzle ${p.done} of ${p.total}…`),
    );
    const started = performance.now();
    status.working('Making your puzzles…', () => job.cancel());
    const reply = await job.result;
    return reply && { reply, values, started };
  }

  /** A message by each wrong field; nothing is offered for download while any is shown. */
  function showErrors(r: Extract<Reply, { type: 'error' }>): void {
    outdated();
    const all: Problem[] = [{ message: r.message, field: r.field, fixes: r.fixes, said: r.said }, ...(r.more ?? [])];
    const unplaced = all.filter((e) => !fields.showError(e.field, e, e.fixes) && !common.showError(e.field, e));
    if (unplaced.length) status.say(inFormWords(unplaced[0]!), 'error');
    else status.say([all.length > 1 ? `Please check the ${all.length} options marked in red: ` : 'Please check the option marked in red: ', ...named(), '.'], 'error');
    // asked for by the button (on a phone the wrong field is a long scroll up): the first wrong field
    // is brought into view with the cursor in it; while typing, the cursor stays where it is
    if (!pressed || unplaced.length) return;
    pressed = false;
    const field = view.querySelector<HTMLElement>('form .field.invalid');
    if (field) toField(field);
  }

  /**
   * Each field marked in red by its name on the form, a button that takes the cursor there: with
   * only their number said, the fields were a long scroll away (on a phone, above the whole form).
   */
  function named(): (string | HTMLElement)[] {
    const marked = [...view.querySelectorAll<HTMLElement>('form .field.invalid')];
    return marked.flatMap((field, i) => {
      const go = h('button', { type: 'button', class: 'to-field', onclick: () => toField(field) }, wrongName(field));
      return i === 0 ? [go] : [', ', go];
    });
  }

  function toField(field: HTMLElement): void {
    wrongControl(field)?.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  }

  async function show(r: Extract<Reply, { type: 'done' }>, values: Record<string, string | boolean | string[]>, started: number): Promise<void> {
    pressed = false;
    const seen = changes;
    files = r.files;
    frontPages = r.frontPages ?? 0;
    const pdfs = files.filter((f) => f.name.endsWith('.pdf'));
    const main = pdfs[0]!;
    const separate = pdfs[1];
    await sheetPreview.load(main.bytes, 0, frontPages - 1);
    // an option changed while the pages were drawn: these files are not offered, the next run's will be
    if (changes !== seen) return;
    for (const p of Object.values(panels)) p.classList.remove('stale');
    // the key is drawn when its tab is opened (or once the sheet is showing), not before the sheet
    keyNote.textContent = separate
      ? 'The answer key is in its own file.'
      : (main.pages ?? 0) > frontPages
        ? 'The answer key is at the back of the PDF.'
        : values.answers === 'none'
          ? 'There is no answer key: choose "In its own file" or "At the back" under Answer key.'
          : 'These pages have no answers to print.';
    showKey = () => {
      showKey = () => {};
      if (separate) void keyPreview.load(separate.bytes);
      else if ((main.pages ?? 0) > frontPages) void keyPreview.load(main.bytes, frontPages);
      else keyPreview.clear();
    };
    if (!panels.key.hidden) showKey();
    else setTimeout(() => showKey(), 50);
    buttons.pdf.disabled = false;
    buttons.key.disabled = !separate;
    buttons.json.disabled = false;
    forSoftware.hidden = false;
    const pages = main.pages ?? 0;
    const atBack = !separate && pages > frontPages ? pages - frontPages : 0;
    const keyed = !kind.keyless;
    buttons.key.hidden = !keyed || !separate;
    keyWhere.hidden = !keyed || !!separate || (!atBack && values.answers !== 'none');
    keyWhere.textContent = atBack ? 'The answers are at the back of this PDF.' : 'No answer key: Answer key is set to Leave out.';
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    const count = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
    // with the answers at the back, the preview's pages are the puzzles' alone: say both counts
    const made = separate ? `${count(pages)} and ${count(separate.pages ?? 0)} of answers` : atBack ? `${count(pages)}, the answers on the last ${atBack === 1 ? 'one' : atBack}` : count(pages);
    status.say(`${r.title}: ${made}, ready in ${secs} s.`);
  }

  const view = h(
    'div',
    { class: 'view two-columns' },
    h(
      'form',
      // novalidate: our message by the field is the one message; the browser's bubble said the same in other words
      { class: 'controls', novalidate: true, 'aria-label': 'What to print', onsubmit: (e: Event) => (e.preventDefault(), (pressed = true), schedule(0), status.element.scrollIntoView({ block: 'nearest' })) },
      picker,
      optionsBox,
      h('h2', {}, 'Pages'),
      common.element,
      h('button', { type: 'submit', class: 'primary' }, 'Make the puzzles'),
    ),
    h(
      'section',
      { class: 'preview', 'aria-label': 'Preview and downloads' },
      status.element,
      h('div', { class: 'downloads' }, buttons.pdf, buttons.key, keyWhere),
      tabList,
      panels.sheet,
      panels.key,
      forSoftware,
    ),
  );
  common.set(state);
  choose(kind, state);
  return {
    element: view,
    restore(back) {
      const k = kinds.find((x) => x.name === back.kind);
      if (!k) return;
      common.set(back, true);
      for (const radio of picker.querySelectorAll('input')) radio.checked = radio.value === k.name;
      choose(k, back);
    },
  };
}

function flat(values: Record<string, string | boolean | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) out[k] = Array.isArray(v) ? v.join('|') : String(v);
  return out;
}
