import { h } from './dom.js';

/** A line saying what the page is doing, with a progress bar and a Cancel button for long work. */
export class Status {
  readonly element: HTMLElement;
  private text = h('span', { class: 'status-text' });
  private bar = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Progress' });
  private stop = h('button', { type: 'button', class: 'small', hidden: true }, 'Cancel');
  private onCancel: (() => void) | null = null;

  /** `idle`: what to do first, shown until the first job, so the line is never an empty box. */
  constructor(idle = '') {
    this.element = h('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-state': 'idle', 'data-runs': 0 }, this.text, this.bar, this.stop);
    this.text.textContent = idle;
    this.stop.addEventListener('click', () => this.onCancel?.());
  }

  working(text: string, cancel: () => void): void {
    this.element.className = 'status busy';
    // tests (and assistive tools) can tell one finished job from the next
    this.element.dataset.state = 'busy';
    this.element.dataset.runs = String(Number(this.element.dataset.runs) + 1);
    this.text.textContent = text;
    this.onCancel = cancel;
    this.stop.hidden = false;
    this.bar.hidden = true;
  }

  progress(done: number, total: number, text: string): void {
    this.bar.hidden = total <= 1;
    this.bar.max = Math.max(1, total);
    this.bar.value = done;
    this.text.textContent = text;
  }

  /** `text`: words, or words and elements (buttons) in a line. */
  say(text: string | (string | HTMLElement)[], kind: 'ok' | 'error' = 'ok'): void {
    this.element.className = `status ${kind}`;
    this.element.dataset.state = kind;
    this.text.replaceChildren(...(typeof text === 'string' ? [text] : text).flatMap((t) => (typeof t === 'string' ? withCodes(t) : [t])));
    this.stop.hidden = true;
    this.bar.hidden = true;
    this.onCancel = null;
  }
}

// a code as printed beside a puzzle: kind letter and options (F8x8m), a dash, ten letters or digits
const CODE = /\b[0-9A-Za-z]{2,}-[0-9A-Z]{10}\b/g;

/** The text with each puzzle code in a span that keeps it on one line. */
function withCodes(text: string): (string | HTMLElement)[] {
  const out: (string | HTMLElement)[] = [];
  let at = 0;
  for (const m of text.matchAll(CODE)) {
    out.push(text.slice(at, m.index), h('span', { class: 'code' }, m[0]));
    at = m.index! + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}
