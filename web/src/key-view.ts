import type { KindForm } from '../../src/form.js';
import { download, h, inFormWords } from './dom.js';
import type { Jobs } from './jobs.js';
import { Preview } from './preview.js';
import type { KeyMade, OutFile } from './protocol.js';
import { Status } from './status.js';
import { languageSelect } from './languages.js';
import { ownFiles, ownFilesField, type OwnFiles } from './fields.js';
import { codesIn } from '../../src/core/code.js';

/** "Answer from a code": every printed puzzle carries a code that makes its answer again. */
export function keyView(kinds: KindForm[], jobs: Jobs, state: Record<string, string>, saveState: (s: Record<string, string>) => void): HTMLElement {
  const explained = kinds.filter((k) => k.explains).map((k) => k.title);
  const status = new Status('Type a code, then press Show the answer.');
  const preview = new Preview('Answer');
  let file: OutFile | null = null;
  // the last code asked wins: an earlier, slower code's answer arriving after it is dropped
  let asked = 0;
  const code = h('input', { id: 'code', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'for example K6HF-503STSQQX6', 'aria-describedby': 'code-help code-error' });
  code.value = state.code ?? '';
  const paper = h('select', { id: 'key-paper' }, h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, 'US Letter'));
  paper.value = state.paper === 'letter' ? 'letter' : 'a4';
  const lang = languageSelect({ id: 'key-lang' });
  if (state.lang && [...lang.options].some((o) => o.value === state.lang)) lang.value = state.lang;
  const error = h('p', { class: 'error', id: 'code-error', role: 'alert', hidden: true });
  const explain = h('input', { type: 'checkbox', id: 'key-explain', checked: state.explain === 'true' });
  // a deck made from the teacher's own words or pictures: asked for only when its code needs them
  const own: OwnFiles = { words: '', pictures: [] };
  const ownError = h('p', { class: 'error', id: 'own-error', role: 'alert', hidden: true });
  const ownField = ownFilesField('the words or pictures the deck was made from', 'key-symbols', own, () => {}, ownError, h('p', { class: 'help', hidden: true }), () => {});
  ownField.element.hidden = true;
  const save = h('button', { type: 'button', class: 'primary', disabled: true, onclick: () => file && download(file.name, file.bytes, 'application/pdf') }, 'Download the answer (PDF)');

  async function find(): Promise<void> {
    error.hidden = true;
    ownError.hidden = true;
    code.closest('.field')?.classList.remove('invalid');
    ownField.element.classList.remove('invalid');
    const language: Record<string, string> = lang.value === 'en' ? {} : { lang: lang.value };
    saveState({ view: 'key', code: code.value.trim(), paper: paper.value, ...(explain.checked ? { explain: 'true' } : {}), ...language });
    // the answer shown is the last code's until this one is made
    save.disabled = true;
    preview.element.classList.add('stale');
    const ticket = ++asked;
    // a footer line pasted whole ("1: K4E3-... 2: K4E3-..."): the first code's answer, and said so
    const codes = codesIn(code.value.trim());
    // sent even while the box is hidden: a Calcudoku code asked between two of the deck's keeps them
    const files = await ownFiles(own, 'words.txt', 'pictures');
    const symbols = files['words.txt'] ? { symbols: 'words.txt', files } : Object.keys(files).length ? { symbols: 'pictures', files } : {};
    const job = jobs.run({ type: 'key', code: codes[0]!, paper: paper.value, explain: explain.checked, ...language, ...symbols });
    status.working('Making the answer…', () => job.cancel());
    const r = await job.result;
    if (ticket !== asked) return;
    if (!r) return status.say('Stopped.');
    if (r.type === 'error') {
      preview.clear();
      if (r.field === '--symbols') {
        ownField.element.hidden = false;
        ownError.textContent = inFormWords(r);
        ownError.hidden = false;
        ownField.element.classList.add('invalid');
        ownField.element.classList.toggle('about-pictures', own.pictures.length > 0);
        return status.say('This answer needs your own words or pictures: see the message under them.', 'error');
      }
      // the box is for a deck's code only: under a mistyped code it read as part of the mistake
      ownField.element.hidden = true;
      error.textContent = inFormWords(r);
      error.hidden = false;
      code.closest('.field')?.classList.add('invalid');
      return status.say('That code did not work: see the message under it.', 'error');
    }
    // the box stays only beside an answer made from it (a Calcudoku code next showed it still)
    ownField.element.hidden = !(r.data as KeyMade | undefined)?.own;
    file = r.files[0]!;
    await preview.load(file.bytes);
    if (ticket !== asked) return;
    preview.element.classList.remove('stale');
    save.disabled = false;
    status.say(codes.length > 1 ? `${r.title}. You pasted ${codes.length} codes: this is the answer to the first. Paste one of the others on its own for its answer.` : `${r.title}.`);
  }

  if (state.code) void find();
  return h(
    'div',
    { class: 'view two-columns' },
    h(
      'form',
      { class: 'controls', novalidate: true, 'aria-label': 'Find an answer', onsubmit: (e: Event) => (e.preventDefault(), void find()) },
      h('h2', {}, 'Answer from a code'),
      h('p', {}, 'Every puzzle has a short code printed beside it. Type it here to get its answer again, even if the answer key is lost.'),
      h('div', { class: 'field' }, h('label', { for: 'code' }, 'Code'), code, h('p', { class: 'help', id: 'code-help' }, 'Letters and numbers as printed; small and capital letters are the same.'), error),
      ownField.element,
      h('div', { class: 'field' }, h('label', { for: 'key-paper' }, 'Paper'), paper),
      h('div', { class: 'field' }, h('label', { for: 'key-lang' }, 'Language'), lang),
      explained.length
        ? h('div', { class: 'field switch' }, explain, h('label', { for: 'key-explain' }, 'With its worked solution'), h('p', { class: 'help' }, `for ${explained.join(' and ')} puzzles`))
        : null,
      h('button', { type: 'submit', class: 'primary' }, 'Show the answer'),
    ),
    h('section', { class: 'preview', 'aria-label': 'The answer' }, status.element, h('div', { class: 'downloads' }, save), preview.element),
  );
}
