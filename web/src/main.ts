import './style.css';
import { classView } from './class-view.js';
import { h } from './dom.js';
import { Jobs } from './jobs.js';
import { keyView } from './key-view.js';
import { loadPdfJs } from './preview.js';
import type { KindForm } from '../../src/form.js';
import forms from '../generated/forms.json';
import { sheetView } from './sheet-view.js';

type ViewName = 'sheet' | 'class' | 'key';
const NAMES: Record<ViewName, string> = { sheet: 'Worksheets', class: 'Class set', key: 'Answer from a code' };

/** The address holds the view, the kind, its options and the seed, so a link makes the same sheet. */
function readState(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

function saveState(state: Record<string, string>): void {
  const q = new URLSearchParams(Object.entries(state).filter(([, v]) => v !== '')).toString();
  history.replaceState(null, '', q ? `?${q}` : location.pathname);
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

function show(v: ViewName): void {
  current = v;
  let el = views.get(v);
  if (!el) {
    const s = state.view === v ? state : {};
    el = v === 'sheet' ? sheetView(kinds, jobs, s, saveState) : v === 'class' ? classView(kinds, jobs) : keyView(kinds, jobs, s, saveState);
    views.set(v, el);
  }
  for (const b of nav.querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.view === v));
  holder.replaceChildren(el);
  if (v === 'class') saveState({ view: 'class' });
}

nav.append(...(Object.keys(NAMES) as ViewName[]).map((v) => h('button', { type: 'button', 'data-view': v, onclick: () => show(v) }, NAMES[v])));
if (!state.view && state.kind) state.view = 'sheet';
show(current);
