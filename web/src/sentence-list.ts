import { h } from './dom.js';

/**
 * A repeatable option offered as sentences ("Shade the multiples of [7]"), one row a line, each
 * number in a box of its own: a teacher changes the 7, never learns to write multiples:7. The
 * option's `suggestions` say it: in a line, `{7}` is a number the teacher may change (7 to start
 * with); in its words, `{}` is where that number's box stands, in the same order.
 */
interface Sentence {
  line: string;
  words: string;
  pattern: RegExp;
  starts: string[];
}

export interface SentenceList {
  element: HTMLElement;
  /** The buttons that add a row, one a sentence. */
  adders: HTMLElement;
  /** The lines as the library reads them (multiples:7). */
  lines(): string[];
  /** Rows from lines, as a link or a saved plan gives them ("multiples:7|next"). */
  set(lines: string[]): void;
  /** A row whose box holds no whole number, in the teacher's words, or null. */
  unfinished(): string | null;
  /** A message about a line (--task multiples:11: ...) said with the row's words instead; the rows it names are marked. */
  inWords(message: string, flag: string): string;
  /** No row marked (the field's mistakes were cleared). */
  unmark(): void;
}

const SLOT = /\{(\d*)\}/g;
const escaped = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function sentences(suggestions: Record<string, string>): Sentence[] {
  return Object.entries(suggestions).map(([line, words]) => ({
    line,
    words,
    starts: [...line.matchAll(SLOT)].map((m) => m[1]!),
    pattern: new RegExp(`^${line.split(SLOT).map((part, i) => (i % 2 ? '(\\d+)' : escaped(part))).join('')}$`, 'i'),
  }));
}

/** The words with each box's number, or "…" for an empty one. */
function filled(words: string, numbers: string[]): string {
  let i = 0;
  return words.replace(/\{\}/g, () => numbers[i++] || '…');
}

export function sentenceList(id: string, suggestions: Record<string, string>, describedBy: string, changed: () => void): SentenceList {
  const all = sentences(suggestions);
  const list = h('ul', { class: 'sentences', id, 'aria-describedby': describedBy });
  const empty = h('p', { class: 'help none' }, 'None yet: the boards only. Add worksheets with the buttons below.');
  const rows: { li: HTMLElement; line(): string; numbers(): string[]; words(): string }[] = [];

  const remove = (li: HTMLElement) => {
    const at = rows.findIndex((r) => r.li === li);
    rows.splice(at, 1);
    li.remove();
    // the cursor stays in the list: on the next row's Remove, or the one before, or the first Add button
    const next = rows[at] ?? rows[at - 1];
    (next?.li.querySelector('button') ?? adders.querySelector('button'))?.focus();
    shown();
    changed();
  };

  const addRow = (s: Sentence | null, numbers: string[], raw = '') => {
    const li = h('li', {});
    // the sentence wraps as words do, its boxes among them; Remove keeps the row's right-hand end
    const sentence = h('span', { class: 'sentence' });
    li.append(sentence);
    const boxes: HTMLInputElement[] = [];
    if (s) {
      const parts = s.words.split('{}');
      const name = filled(s.words, []);
      parts.forEach((part, i) => {
        if (part) sentence.append(part);
        if (i < parts.length - 1) {
          const box = h('input', {
            type: 'number',
            min: 1,
            inputmode: 'numeric',
            value: numbers[i] ?? s.starts[i],
            'aria-label': s.starts.length > 1 ? `${name}: number ${i + 1}` : `${name}: the number`,
            oninput: changed,
          });
          boxes.push(box);
          sentence.append(box);
        }
      });
    } else {
      // a line of a link or a plan that is none of the sentences: shown as written, for the message beside it
      sentence.append(h('code', {}, raw));
    }
    const words = () => (s ? filled(s.words, boxes.map((b) => b.value.trim())) : raw);
    li.append(h('button', { type: 'button', class: 'small remove', 'aria-label': `Remove “${words()}”`, onclick: () => remove(li) }, 'Remove'));
    const values = () => boxes.map((b) => b.value.trim());
    const line = () => {
      if (!s) return raw;
      let i = 0;
      return s.line.replace(SLOT, () => values()[i++] ?? '');
    };
    rows.push({ li, line, numbers: values, words });
    list.append(li);
    shown();
    return boxes[0];
  };

  const shown = () => {
    empty.hidden = rows.length > 0;
    list.hidden = rows.length === 0;
  };

  const adders = h(
    'div',
    { class: 'suggestions' },
    ...all.map((s) =>
      h('button', { type: 'button', class: 'small', onclick: () => {
        const box = addRow(s, s.starts);
        changed();
        // a number to change is where the cursor goes; a sentence without one leaves it on its button
        box?.focus();
      } }, `+ ${filled(s.words, s.starts)}`),
    ),
  );
  shown();

  return {
    element: h('div', {}, list, empty),
    adders,
    lines: () => rows.map((r) => r.line()),
    set(lines) {
      for (const r of rows) r.li.remove();
      rows.length = 0;
      for (const text of lines.map((l) => l.trim()).filter(Boolean)) {
        const s = all.find((x) => x.pattern.test(text));
        if (s) addRow(s, s.pattern.exec(text)!.slice(1));
        else addRow(null, [], text);
      }
      shown();
    },
    unfinished() {
      const r = rows.find((x) => x.numbers().some((n) => !/^\d+$/.test(n)));
      r?.li.classList.add('wrong');
      return r ? `Write a whole number in “${r.words()}”` : null;
    },
    inWords(message, flag) {
      const words = new Map(rows.map((r) => [r.line(), r.words()]));
      if (!words.size) return message;
      // one pass, longest line first: "next" must not be found again in the words put for "next:12"
      const lines = [...words.keys()].sort((a, b) => b.length - a.length).map(escaped).join('|');
      // "--task multiples:11: ..." is under the list already: the sentence starts the message
      const at = new RegExp(`(?:${escaped(flag)} )?(?<![\\w:,])(${lines})(?![\\w,]|:\\d)`, 'g');
      const named = new Set<string>();
      const said = message.replace(at, (_, line: string) => (named.add(line), `“${words.get(line)}”`));
      for (const r of rows) if (named.has(r.line())) r.li.classList.add('wrong');
      return said;
    },
    unmark() {
      for (const r of rows) r.li.classList.remove('wrong');
    },
  };
}
