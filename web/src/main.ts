import './style.css';
import { classView } from './class-view.js';
import { h, keepInTab, keptInTab } from './dom.js';
import { Jobs } from './jobs.js';
import { keyView } from './key-view.js';
import { loadPdfJs } from './preview.js';
import type { KindForm } from '../../src/form.js';
import forms from '../generated/forms.json';
import { sheetView, type SheetView } from './sheet-view.js';

type ViewName = 'sheet' | 'class' | 'key';
const NAMES: Record<ViewName, string> = { sheet: 'Worksheets', class: 'Class set', key: 'Answer from a code' };

/** The address holds the view, the kind, its options and the seed, so a link makes the same sheet. */
function readState(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/** A typed word list longer than this is kept for the tab only: a link so long is not shared whole. */
const LONGEST_WORDS = 1500;

function address(state: Record<string, string>): string {
  const q = new URLSearchParams(Object.entries(state).filter(([k, v]) => v !== '' && !(k === 'words' && encodeURIComponent(v).length > LONGEST_WORDS))).toString();
  return q ? `?${q}` : location.pathname;
}

function saveState(state: Record<string, string>): void {
  const v = (state.view as ViewName | undefined) ?? current;
  remember(v, state);
  // a view's late word (a sheet's run begun before the teacher went on to Class set) is kept for
  // that view, never written over the address of the view shown: Back then left Class set's entry
  // saying view=sheet
  if (v !== current) return;
  // another kind of puzzle is a step Back can undo (Flow after Calcudoku); an option changed is not
  const was = readState();
  const step = state.view === 'sheet' && was.view === 'sheet' && !!was.kind && !!state.kind && was.kind !== state.kind;
  if (step) history.pushState(null, '', address(state));
  else history.replaceState(null, '', address(state));
}

/**
 * Each view's last address, for this tab: going to another view and back, or reloading there,
 * keeps the sheet as it was (opening Class set used to wipe the Worksheets options from the address).
 */
function remember(v: ViewName, state: Record<string, string>): void {
  keepInTab(`puzzlepress-view-${v}`, state);
}

function recalled(v: ViewName): Record<string, string> {
  return keptInTab<Record<string, string>>(`puzzlepress-view-${v}`) ?? { view: v };
}

const jobs = new Jobs();
const app = document.getElementById('app')!;
const state = readState();
let current: ViewName = (['sheet', 'class', 'key'] as const).find((v) => v === state.view) ?? 'sheet';

const nav = h('nav', { 'aria-label': 'What to make' });
const holder = h('main', { id: 'main' }, h('p', { class: 'loading' }, 'Loading the puzzle makers…'));
app.replaceChildren(
  h('a', { class: 'skip', href: '#main' }, 'Skip to the form'),
  h('header', {}, h('h1', {}, 'Maths puzzles to print'), h('p', {}, 'Make worksheets, card games and class sets. Everything is made on this computer: nothing is uploaded.'), nav),
  holder,
);

const kinds = forms as KindForm[];
void loadPdfJs(); // fetched while the first sheet is made, not after it
const views = new Map<ViewName, HTMLElement>();
let sheet: SheetView | undefined;

/** Shows a view; a tab pressed is a step Back can undo (`push`), Back itself is not (`back`: the address is already the one gone back to). */
function show(v: ViewName, push = false, back = false): void {
  current = v;
  let el = views.get(v);
  let here = v === 'class' ? { view: 'class' } : recalled(v);
  if (!el) {
    // the address opened with wins over what this tab last had there
    if (state.view === v) {
      // a word list too long for the address is still this tab's, for the same deck
      const words = state.words === undefined && here.kind === state.kind && here.symbols === state.symbols ? here.words : undefined;
      here = { ...(words === undefined ? {} : { words }), ...state, view: v };
    }
    if (v === 'sheet') sheet = sheetView(kinds, jobs, here, saveState);
    el = v === 'sheet' ? sheet!.element : v === 'class' ? classView(kinds, jobs) : keyView(kinds, jobs, here, saveState);
    views.set(v, el);
  }
  for (const b of nav.querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.view === v));
  holder.replaceChildren(el);
  if (back) return;
  if (push && address(here) !== location.search) history.pushState(null, '', address(here));
  else saveState(here);
}

nav.append(...(Object.keys(NAMES) as ViewName[]).map((v) => h('button', { type: 'button', 'data-view': v, onclick: () => current !== v && show(v, true) }, NAMES[v])));
window.addEventListener('popstate', () => {
  const back = readState();
  const v = (['sheet', 'class', 'key'] as const).find((x) => x === back.view) ?? 'sheet';
  // Back from one kind of puzzle to the one before: its options as they were then
  if (v === 'sheet' && back.kind) {
    if (sheet) sheet.restore(back);
    else remember('sheet', back); // made from it below
  }
  show(v, false, true);
});
if (!state.view && state.kind) state.view = 'sheet';
show(current);
