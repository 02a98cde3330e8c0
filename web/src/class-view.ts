import type { KindForm } from '../../src/form.js';
import { LANGUAGES, languageSelect } from './languages.js';
import { download, FieldErrors, h, inFormWords, keepInTab, keptInTab, nameFlag, notANumber, randomSeed, uid, wholeNumber } from './dom.js';
import { EXAMPLE_IN_LARGE_PRINT, kindFields, wrongControl, type FieldSet } from './fields.js';
import type { Handle, Jobs } from './jobs.js';
import type { ClassSetMade, OutFile, PlanData, Problem } from './protocol.js';
import { Preview } from './preview.js';
import { Status } from './status.js';
import { classListText, notText, planPupils, readClassList } from '../../src/batch/roster.js';
import { KEY_FILE, PRINT_FILE } from '../../src/batch/file-names.js';
import { FONT_HELP, FONTS } from './common.js';

interface Sheet {
  kind: KindForm;
  fields: FieldSet;
  count: HTMLInputElement;
  countErrors: FieldErrors; // How many is the class view's own field, not one of the kind's
  sheetError: HTMLElement; // about the worksheet as a whole ("large print: a 6x6 puzzle cannot ...")
  element: HTMLElement;
}

const ROSTER_FILE = 'pupils.csv';
const KEPT = 'puzzlepress-class-set';
const README_PLAN: Record<string, string>[] = [
  { kind: 'calcudoku', size: '6', difficulty: 'medium', count: '4' },
  { kind: 'flow', size: '8', count: '4' },
];

/** "Class set": a roster and worksheets in, a ZIP out with a PDF a pupil and the teacher's key. */
export function classView(kinds: KindForm[], jobs: Jobs): HTMLElement {
  const status = new Status('Choose the worksheets, add a class list, then press Make the class set.');
  const sheets: Sheet[] = [];
  const list = h('ol', { class: 'sheets' });
  let result: OutFile | null = null;
  let running: Handle | null = null;
  let sheetIds = 0;

  // a plan file's own fields are named in its mistakes by their flags ("--paper must be a4 or letter")
  const FLAGS: Record<string, string> = { Title: '--title', 'Puzzle set': '--seed', Paper: '--paper', Language: '--lang', Answers: '--answers', Font: '--font' };
  nameFlag('--large-print', 'Large print'); // a switch without a field() of its own
  const field = (label: string, control: HTMLElement, help?: string) => {
    if (FLAGS[label]) nameFlag(FLAGS[label], label);
    const id = control.id || uid('f');
    control.id = id;
    return h('div', { class: 'field' }, h('label', { for: id }, label), control, help ? h('p', { class: 'help' }, help) : null);
  };
  // Empty, not a sample title that would be printed on every pupil's pages unnoticed.
  const title = h('input', { type: 'text', maxlength: 120 });
  // left empty, the set called "class" is made (as puzzlepress batch does): shown in the box rather than a blank
  const seed = h('input', { type: 'text', maxlength: 64, value: randomSeed(), spellcheck: 'false', placeholder: 'class' });
  // printed on each pupil's Class line, as their name is on Name: left blank, the line is theirs to write on
  const group = h('input', { type: 'text', maxlength: 40, placeholder: 'for example 5B', autocomplete: 'off' });
  const paper = h('select', {}, h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, 'US Letter'));
  // "separate": with a class list the key is one file anyway; without one (a booklet) the answers
  // go in their own file too, not inside the pupils' folded booklet where they cannot be taken out
  const answers = h('select', {}, h('option', { value: 'separate' }, 'In the teacher’s key'), h('option', { value: 'none' }, 'Leave out'));
  // an untitled set is called "Maths puzzles" in the language it is printed in
  const lang = languageSelect({ onchange: () => (title.placeholder = defaultTitle()) });
  const defaultTitle = () => LANGUAGES.find((l) => l.code === lang.value)?.title ?? LANGUAGES[0]!.title;
  title.placeholder = defaultTitle();
  const font = h('select', {}, ...FONTS.map(([value, name]) => h('option', { value }, name)));
  const roster = h('textarea', { id: 'roster', rows: 8, placeholder: 'Ava\nBen\nChloe\n...', 'aria-describedby': 'roster-help roster-error' });
  const rosterError = h('p', { class: 'error', id: 'roster-error', role: 'alert', hidden: true });
  const rosterFile = h('input', {
    type: 'file',
    id: 'roster-file',
    // spreadsheets' own files are offered too, to be told how to save them as a list
    accept: '.csv,.txt,text/csv,text/plain,.xlsx,.xls,.ods',
    onchange: () => {
      const f = rosterFile.files?.[0];
      rosterFile.value = '';
      if (f) void openList(f);
    },
  });
  /** A list from a file: a spreadsheet's own file is refused by the list, with how to save it as one. */
  async function openList(f: File): Promise<void> {
    const text = await f.text();
    try {
      notText(text, f.name);
    } catch (e) {
      return showError(rosterError, (e as Error).message);
    }
    rosterError.hidden = true;
    roster.value = text;
    listChanged();
    keep();
  }
  // a CSV dropped on the list is read, not opened by the browser in place of the page
  roster.addEventListener('dragover', (e) => e.preventDefault());
  roster.addEventListener('drop', async (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    await openList(f);
  });
  roster.addEventListener('input', () => listChanged());
  const booklet = h('input', { type: 'checkbox', id: 'booklet' });
  /** A booklet is for a set without names: with a class list the box cannot be ticked, rather than refused later. */
  function listChanged(): void {
    booklet.disabled = !!rosterText();
    if (booklet.disabled) booklet.checked = false;
  }
  const large = h('input', { type: 'checkbox', id: 'large-print', onchange: () => sheets.forEach(exampleNote) });
  const exampleNote = (s: { fields: FieldSet }) => s.fields.note('example', large.checked ? EXAMPLE_IN_LARGE_PRINT : '');
  const planFile = h('input', { type: 'file', id: 'plan-file', accept: '.yaml,.yml,.json', 'aria-describedby': 'plan-error', onchange: () => void importPlan() });
  // a saved file's mistake under Open saved settings, where the file was chosen; a mistake found
  // making the set above Make the class set. One place for both put the file's message two buttons
  // and a heading above the box the teacher had just used, among the worksheets.
  const planError = h('p', { class: 'error', id: 'plan-error', role: 'alert', hidden: true });
  const makeError = h('p', { class: 'error', id: 'make-error', role: 'alert', hidden: true });
  const save = h('button', { type: 'button', class: 'primary', disabled: true, onclick: () => result && download(result.name, result.bytes, 'application/zip') }, 'Download the class set (ZIP)');
  // each file of the set on its own: a teacher checks a pupil's sheet, or prints one again, without unzipping
  const madeList = h('ul', { class: 'made' });
  const preview = new Preview('The file');
  const saveOne = h('button', { type: 'button', class: 'small', onclick: () => shown && download(shown.name, shown.bytes, 'application/pdf') });
  const made = h('div', { class: 'made-files', hidden: true }, h('p', { class: 'help' }, 'Press a file to see it here, or to download it on its own.'), madeList, h('div', { class: 'downloads' }, saveOne), preview.element);
  let shown: OutFile | null = null;
  const kindSelect = h('select', { id: 'add-kind' }, ...kinds.map((k) => h('option', { value: k.name }, k.title)));

  function addSheet(kind: KindForm, values: Record<string, string> = {}): void {
    const fields = kindFields(kind, () => {}, `sheet${++sheetIds}/`);
    fields.set(values);
    const countId = uid('count');
    const count = h('input', { type: 'number', id: countId, min: 1, max: 1000, inputmode: 'numeric', placeholder: String(kind.defaultCount), value: values.count ?? '', 'aria-describedby': `${countId}-help ${countId}-error` });
    const countErrors = new FieldErrors();
    const countField = h(
      'div',
      { class: 'field' },
      h('label', { for: countId }, 'How many'),
      count,
      h('p', { class: 'help', id: `${countId}-help` }, `${kind.countOf}, 1 to 1000`),
      countErrors.line('--count', `${countId}-error`, 'How many'),
    );
    const remove = h('button', { type: 'button', class: 'small', onclick: () => drop(sheet) }, `Remove this worksheet`);
    const sheetError = h('p', { class: 'error', role: 'alert', hidden: true });
    const element = h('li', { class: 'sheet-plan' }, h('h3', {}, kind.title), sheetError, countField, fields.element, remove);
    const sheet: Sheet = { kind, fields, count, countErrors, sheetError, element };
    // How many is checked as the teacher leaves it, as on Worksheets (0 was said only once Make was pressed)
    count.addEventListener('change', () => countLeft(sheet));
    // and so is each of the kind's own fields, by the library in the page's worker (a Size of 30 was
    // said only once Make was pressed, after the class list and everything else had been filled in)
    fields.element.addEventListener('change', () => void fieldsLeft(sheet));
    exampleNote(sheet);
    sheets.push(sheet);
    list.append(element);
    keep();
  }

  function drop(sheet: Sheet): void {
    sheets.splice(sheets.indexOf(sheet), 1);
    sheet.element.remove();
    keep();
  }

  /** How many with letters in it: the browser hands the page no value at all for it. */
  function countProblems(s: Sheet): Problem[] {
    return notANumber(s.count) ? [{ field: '--count', message: wholeNumber('--count', 1, 1000) }] : [];
  }

  /**
   * How many as the teacher leaves it, by the box's own bounds (min 1, max 1000, whole steps); Make
   * checks the number with the rest of the plan, in the worker.
   */
  function countLeft(s: Sheet): void {
    s.countErrors.clear();
    if (!s.count.validity.valid) s.countErrors.show('--count', { field: '--count', message: wholeNumber('--count', 1, 1000) });
  }

  const checks = new WeakMap<Sheet, number>();
  let making = 0; // Makes pressed and not yet ended (made or refused): no check then (the worker holds the set's files)
  // A field left by pressing a button (Make, most often): its check waits until the press is over.
  // A message appearing mid-press moved the button from under the pointer, and the press was lost
  // (the suite's class-set test, on a busy machine, pressed Make and nothing was made).
  let pressed: Promise<void> | null = null;
  document.addEventListener('pointerdown', () => {
    pressed = new Promise((done) => window.addEventListener('pointerup', () => setTimeout(done, 0), { once: true }));
  });

  /**
   * A worksheet's own fields checked as the teacher leaves one: its mistakes by their fields, in
   * the words Make uses, without moving the cursor or the page. Not while a set is being made (the
   * worker holds that set's files), and an older check's answer is dropped for a newer one's.
   */
  async function fieldsLeft(s: Sheet): Promise<void> {
    if (pressed) await pressed;
    if (running || making > 0) return;
    const mine = (checks.get(s) ?? 0) + 1;
    checks.set(s, mine);
    const found = s.fields.problems();
    const r = found.length ? null : await jobs.run({ type: 'check', plan: { worksheets: [worksheetOf(s)] }, files: await s.fields.files() }).result;
    if (checks.get(s) !== mine || !sheets.includes(s)) return;
    s.fields.clearErrors();
    s.sheetError.hidden = true;
    s.element.classList.remove('wrong');
    const problems: Problem[] = r?.type === 'error' ? [r, ...(r.more ?? [])] : found;
    for (const p of problems) markOn(s, p);
  }

  /** A worksheet's mistake by its field, or about the whole worksheet: at the top of its card, under its name. */
  function markOn(s: Sheet, p: Problem): void {
    if (s.fields.showError(p.field, p, p.fixes) || s.countErrors.show(p.field, p)) return;
    s.sheetError.textContent = inFormWords(p);
    s.sheetError.hidden = false;
    s.element.classList.add('wrong');
  }

  function worksheetOf(s: Sheet): Record<string, unknown> {
    const n = s.count.value.trim();
    return { kind: s.kind.name, ...s.fields.values(), ...(n ? { count: Number.isFinite(Number(n)) ? Number(n) : n } : {}) };
  }

  function rosterText(): string | undefined {
    return roster.value.trim() ? roster.value : undefined;
  }

  function plan(): PlanData {
    const p: PlanData = {
      title: title.value.trim() || defaultTitle(),
      seed: seed.value.trim() || undefined,
      paper: paper.value,
      answers: answers.value,
      ...(lang.value === 'en' ? {} : { lang: lang.value }),
      ...(font.value === 'andika' ? {} : { font: font.value }),
      ...(large.checked ? { 'large-print': true } : {}),
      ...(group.value.trim() ? { class: group.value.trim() } : {}),
      worksheets: sheets.map(worksheetOf),
    };
    if (rosterText()) p.roster = ROSTER_FILE;
    return p;
  }

  /**
   * Takes down every mistake shown, before a new plan or run shows its own: a plan whose mistake has
   * no field leaves the worksheets as they were, and the last plan's red fields stayed on them.
   */
  function clearMarks(): void {
    planError.hidden = makeError.hidden = true;
    for (const s of sheets) s.fields.clearErrors(), s.countErrors.clear(), (s.sheetError.hidden = true), s.element.classList.remove('wrong');
  }

  async function importPlan(): Promise<void> {
    clearMarks();
    const f = planFile.files?.[0];
    if (!f) return;
    const r = await jobs.run({ type: 'read-plan', text: await f.text(), name: f.name }).result;
    planFile.value = '';
    if (!r) return;
    // a class list or another file chosen here by mistake: what this box is for, and where a list goes,
    // not a plan file's syntax ("the plan must be a set of fields: title, seed, paper, roster and ...")
    if (r.type === 'error' && r.said?.what === 'notAPlan') {
      return showError(planError, `${f.name} is not a file saved with Save these settings. A class list goes in the Class list box above: paste it, or choose its file under Or open a file.`);
    }
    // the file's line, which the teacher edited by hand, and the mistake without the program's place
    const said = (p: Problem) => `${p.line ? `Line ${p.line} of ${f.name}: ` : ''}${inFormWords(p)}`;
    // nothing of the file is opened: said first, as the worksheets below are still the last ones and
    // could be taken for the file's
    if (r.type === 'error' && !(r.sheet !== undefined && r.data)) return showError(planError, `${f.name} was not opened: the form still shows your earlier settings. ${said(r)}`);
    const data = r.data as PlanData;
    fill(data);
    if (Array.isArray(data.pupils)) {
      roster.value = classListText(data.pupils);
      listChanged();
    }
    keep();
    // a worksheet's mistake typed in the file: shown by its field in the worksheets just opened, when
    // each of them is here (a worksheet of an unknown kind is not, and would shift the others); else by its line
    if (r.type === 'error') {
      if (sheets.length === (data.worksheets ?? []).length) return showSheetErrors([r, ...(r.more ?? [])]);
      return showError(planError, said(r));
    }
    status.say(`Opened ${f.name}${data.roster ? `: paste the names from ${String(data.roster)} into the class list` : ''}.`);
  }

  /** Sets the form from a plan: its options and worksheets (not its class list). */
  function fill(data: PlanData): void {
    title.value = String(data.title ?? title.value);
    if (data.seed !== undefined) seed.value = String(data.seed);
    group.value = typeof data.class === 'string' || typeof data.class === 'number' ? String(data.class) : '';
    if (data.paper) paper.value = String(data.paper);
    if (data.answers) answers.value = data.answers === 'none' ? 'none' : 'separate';
    lang.value = typeof data.lang === 'string' && [...lang.options].some((o) => o.value === data.lang) ? data.lang : 'en';
    title.placeholder = defaultTitle();
    font.value = FONTS.some(([v]) => v === data.font) ? String(data.font) : 'andika';
    booklet.checked = data.booklet === true;
    large.checked = data['large-print'] === true;
    for (const s of [...sheets]) drop(s);
    for (const ws of data.worksheets ?? []) {
      const kind = kinds.find((k) => k.name === ws.kind);
      if (!kind) continue;
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(ws)) {
        // plans may spell options as flags (symbols-per-card) or keys (symbolsPerCard)
        const f = kind.fields.find((x) => x.key === k || x.flag === `--${k}`);
        const key = f?.key ?? k;
        values[key] = Array.isArray(v) ? v.join('|') : String(v);
      }
      addSheet(kind, values);
    }
  }

  /** The form as typed, kept for the tab: a reload or a wrong key no longer loses 30 typed names. */
  function keep(): void {
    outdated();
    keepInTab(KEPT, { plan: { ...plan(), title: title.value, booklet: booklet.checked }, roster: roster.value, words: sheets.map((s) => s.fields.kept()) });
  }

  /** The plan saves the class list in itself (pupils:), so the one file opens here and runs with puzzlepress batch. */
  async function exportPlan(): Promise<void> {
    rosterError.hidden = true;
    const p = plan();
    if (rosterText()) {
      try {
        p.pupils = planPupils(readClassList(roster.value, ROSTER_FILE));
      } catch (e) {
        return showError(rosterError, (e as Error).message);
      }
      delete p.roster;
    }
    const r = await jobs.run({ type: 'plan-yaml', plan: p }).result;
    if (r?.type === 'done') download(`${title.value.trim() || 'plan'}.yaml`, r.files[0]!.bytes, 'application/yaml');
  }

  /** A message by its field, in the list's own words, brought into view: the button may be far below it. */
  function showError(target: HTMLElement, message: string): void {
    // the teacher typed or opened a list and never saw a file of ours: name the line of the list
    target.textContent = message.replace(/^plan\.yaml:\d+: /, '').replace(/^pupils\.csv:(\d+): /, 'Line $1 of the class list: ').replace(/^pupils\.csv: (.)/, (_, c: string) => c.toUpperCase());
    target.hidden = false;
    if (target === rosterError) roster.focus();
    target.scrollIntoView({ block: 'center' });
    status.say('Please check the message marked in red.', 'error');
  }

  /**
   * Each wrong field of a worksheet by that field, as on Worksheets; the first brought into view with
   * the cursor in it, as Make may be far below it. One no field holds is said above Make, with its worksheet.
   */
  function showSheetErrors(problems: Problem[], unplacedAt = planError): void {
    const unplaced = problems.filter((p) => {
      const s = sheets[p.sheet!];
      if (!s) return true;
      markOn(s, p);
      return false;
    });
    if (unplaced.length) return showError(unplacedAt, inFormWords(unplaced[0]!));
    const field = list.querySelector('.field.invalid');
    if (field) wrongControl(field)?.focus({ preventScroll: true });
    // a whole worksheet's message under its name, not the card centred: a card taller than the window
    // (Flow's) had its name and message above the top
    (field ?? list.querySelector('.sheet-plan.wrong > .error:not([hidden])') ?? list.querySelector('.sheet-plan.wrong'))?.scrollIntoView({ block: 'center' });
    const marked = new Set(problems.map((p) => p.sheet)).size;
    status.say(marked > 1 ? `Please check the ${marked} worksheets marked in red.` : 'Please check the worksheet marked in red.', 'error');
  }

  /** Once the form changes, the set made is the last form's: it is not offered until made again. */
  function outdated(): void {
    if (!result) return;
    result = null;
    save.disabled = true;
    made.classList.add('stale');
    for (const b of madeList.querySelectorAll('button')) b.disabled = true;
    saveOne.disabled = true;
    status.say('You changed the class set: press Make the class set to make it again.');
  }

  /** Shows one file of the set, read out of the ZIP (stored, not compressed, so this is quick). */
  async function show(name: string, pages: number): Promise<void> {
    const zip = result;
    if (!zip) return;
    const { unzipSync } = await import('fflate');
    const bytes = unzipSync(zip.bytes, { filter: (f) => f.name === name })[name];
    if (!bytes || zip !== result) return;
    shown = { name, bytes, pages };
    for (const b of madeList.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.file === name));
    saveOne.textContent = `Download ${name}`;
    saveOne.disabled = false;
    await preview.load(bytes);
  }

  /** What was made, with the pages to print: a whole deck a pupil is hundreds of sheets for a class. */
  function words(m: ClassSetMade): string {
    const pages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
    const pupils = m.files.slice(0, m.pupils);
    const others = m.files.slice(m.pupils);
    const all = pupils.reduce((t, f) => t + f.pages, 0);
    if (m.pupils) {
      const each = pupils.every((f) => f.pages === pupils[0]!.pages) ? `${pages(pupils[0]!.pages)} each, ` : '';
      const them = m.pupils === 1 ? `1 pupil's PDF (${pages(all)})` : `${m.pupils} pupils' PDFs (${each}${all} in all)`;
      const key = others.find((f) => f.name === KEY_FILE);
      const print = others.find((f) => f.name === PRINT_FILE);
      // blank pages in it: each pupil starts on a sheet of their own when printed on both sides
      const sides = print && print.pages > all ? ', on both sides' : '';
      return `${them}${key ? ` and the answer key (${pages(key.pages)})` : ''}${print ? `. To print every pupil's pages at once${sides}: ${print.name}` : ''}`;
    }
    // named as the booklet names them: its answers and its cards to cut out are files of their own
    const [book, ...rest] = others;
    const stem = book!.name.replace(/\.pdf$/, '');
    const answers = rest.find((f) => f.name === `${stem}-answers.pdf`);
    const cards = rest.find((f) => f.name === `${stem}-cards.pdf`);
    const them = `the booklet (${pages(book!.pages)})${answers ? `. The answers are in ${answers.name} (${pages(answers.pages)})` : ''}`;
    return cards ? `${them}. The cards are in ${cards.name} (${pages(cards.pages)}): print them on card and cut them out` : them;
  }

  async function make(): Promise<void> {
    making++;
    try {
      await makeSet();
    } finally {
      making--;
    }
  }

  async function makeSet(): Promise<void> {
    rosterError.hidden = true;
    clearMarks();
    // Make says every mistake itself: a check of a field left just before would only say them again, late
    for (const s of sheets) checks.set(s, (checks.get(s) ?? 0) + 1);
    save.disabled = true;
    result = null;
    shown = null;
    made.hidden = true;
    made.classList.remove('stale');
    madeList.replaceChildren();
    preview.clear();
    if (!sheets.length) return status.say('Add at least one worksheet first.', 'error');
    // a worksheet's own words or pictures named but not here (a reload, saved settings), or letters in
    // a number box (How many "ten" was read as empty, and the set made with 4 without a word): said by that field
    const found = sheets.flatMap((s, i) => [...s.fields.problems(), ...countProblems(s)].map((p) => ({ ...p, sheet: i })));
    if (found.length) {
      status.working('Making the class set…', () => {}); // a run, ended at once: the status line counts it
      return showSheetErrors(found, makeError);
    }
    const files = Object.assign({}, ...(await Promise.all(sheets.map((s) => s.fields.files()))));
    // pressed again while a set is being made: the newest settings win; two runs at once took turns
    // with the status line, whose steps went back and forth
    running?.cancel();
    const job = jobs.run({ type: 'batch', plan: plan(), roster: rosterText(), booklet: booklet.checked, files }, (p) =>
      status.progress(p.done, p.total, `Making the class set: step ${p.done} of ${p.total}…`),
    );
    running = job;
    status.working('Making the class set…', () => job.cancel());
    const started = performance.now();
    const r = await job.result;
    if (running !== job) return;
    running = null;
    if (!r) return status.say('Stopped. Nothing was made.');
    if (r.type === 'error' && r.sheet !== undefined) return showSheetErrors([r, ...(r.more ?? [])], makeError);
    if (r.type === 'error') return showError(/roster|pupils\.csv/i.test(r.message) ? rosterError : makeError, r.message);
    result = r.files[0]!;
    save.disabled = false;
    const m = r.data as ClassSetMade;
    madeList.replaceChildren(
      ...m.files.map((f) =>
        h('li', {}, h('button', { type: 'button', class: 'file', 'data-file': f.name, 'aria-pressed': 'false', onclick: () => void show(f.name, f.pages) }, f.name, h('span', { class: 'pages' }, ` · ${f.pages} ${f.pages === 1 ? 'page' : 'pages'}`))),
      ),
    );
    made.hidden = false;
    status.say(`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${words(m)}.`);
    if (m.files[0]) await show(m.files[0].name, m.files[0].pages);
    // Make is at the foot of a long form: the preview beside it is taller than the window, and its
    // top (Ready, the download button) had scrolled out of sight above it
    if (made.isConnected && result) status.element.scrollIntoView({ block: 'nearest' });
  }

  const last = keptInTab<{ plan: PlanData; roster: string; words?: Record<string, string>[] }>(KEPT);
  if (last) {
    fill(last.plan);
    sheets.forEach((s, i) => s.fields.set(last.words?.[i] ?? {}));
    roster.value = last.roster;
    listChanged();
  } else for (const ws of README_PLAN) addSheet(kinds.find((k) => k.name === ws.kind)!, ws);

  return h(
    'div',
    { class: 'view two-columns' },
    h(
      'form',
      // novalidate: our message by the field is the one message; the browser's bubble said the same in other words
      { class: 'controls', novalidate: true, 'aria-label': 'Class set', onsubmit: (e: Event) => (e.preventDefault(), void make()), oninput: keep, onchange: keep },
      h('h2', {}, 'A class set'),
      h('p', {}, 'With a class list, every pupil gets their own puzzles with their name printed, and you get one answer key for all. Without one, you get a booklet.'),
      field('Title', title, 'printed at the foot of every page and at the top of the answer key; each worksheet is headed by its puzzle'),
      field('Puzzle set', seed, 'any word or number: the same word gives the same puzzles again'),
      field('Paper', paper),
      field('Language', lang, 'the language of the instructions, headings and the key'),
      field('Answers', answers),
      field('Font', font, FONT_HELP),
      field('Class', group, 'printed after Class: on every pupil’s pages, unless the class list gives theirs; leave empty for them to write it'),
      h('div', { class: 'field' }, h('label', { for: 'roster' }, 'Class list'), roster, rosterError, h('p', { class: 'help', id: 'roster-help' }, 'One name a line, or all on one line between commas. Names copied from a spreadsheet work too, or a spreadsheet saved as CSV; when the first line names the columns ("Name", or "First name" and "Last name"), a "Class" column gives each pupil their class, and other columns are left out.'), h('label', { for: 'roster-file', class: 'small-label' }, 'Or open a file'), rosterFile),
      h('div', { class: 'field switch' }, booklet, h('label', { for: 'booklet' }, 'Fold into a booklet (only without a class list)')),
      h('div', { class: 'field switch' }, large, h('label', { for: 'large-print' }, 'Large print (bigger words and numbers, for pupils with low vision)')),
      h('h2', {}, 'Worksheets'),
      list,
      h('div', { class: 'row add-sheet' }, h('label', { for: 'add-kind' }, 'Add a worksheet'), kindSelect, h('button', { type: 'button', onclick: () => addSheet(kinds.find((k) => k.name === kindSelect.value)!) }, 'Add')),
      makeError,
      // Make comes right after the worksheets it makes; saving and opening plans is for later weeks
      h('button', { type: 'submit', class: 'primary' }, 'Make the class set'),
      h('h2', {}, 'Use these settings again'),
      h('p', { class: 'help' }, 'Save the title, class list and worksheets in a file, and open it here another week (change the Puzzle set for new puzzles).'),
      h('div', { class: 'field' }, h('button', { type: 'button', onclick: () => void exportPlan() }, 'Save these settings')),
      // the label over its file box, as Or open a file is: beside Save it read as a second button's caption
      h('div', { class: 'field' }, h('label', { for: 'plan-file', class: 'small-label' }, 'Open saved settings'), planFile, planError),
    ),
    h('section', { class: 'preview', 'aria-label': 'The class set' }, status.element, h('div', { class: 'downloads' }, save), made),
  );
}
