import { fail } from '../core/errors.js';
import { cells, oneLineList, type OneLineRule } from '../core/one-line.js';

const MAX_PUPILS = 1000;
const MAX_NAME = 80;
const MAX_CLASS = 40; // as the plan's class: field

/** "Smith, Ava" written as a quoted CSV cell: unquote it; anything else is taken as written. */
function cell(line: string): string {
  const t = line.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
}

// Column headings of school exports and spreadsheets, compared in small letters without spaces or _.
const WHOLE = ['name', 'fullname', 'pupil', 'pupilname', 'student', 'studentname', 'child', 'childname'];
const FIRST = ['firstname', 'forename', 'forenames', 'givenname', 'first', 'preferredname', 'knownas'];
const LAST = ['lastname', 'surname', 'familyname', 'last'];
// A school's export for several classes names each pupil's class (or form, tutor group, homeroom).
const CLASS = ['class', 'classname', 'form', 'formgroup', 'tutorgroup', 'registrationgroup', 'reggroup', 'homeroom', 'group'];
// A first line of one column that names it ("Pupil name", "Students", "Surname"): a heading, not a pupil.
const HEADING = [...WHOLE, ...FIRST, ...LAST, 'names', 'pupils', 'students', 'children', 'pupilnames', 'studentnames', 'classlist', 'class'];

function squeezed(text: string): string {
  return text.toLowerCase().replace(/[\s_.:-]+/g, '');
}

interface Columns {
  sep: string;
  pick(row: string[]): string;
  /** The pupil's class, when a column names it. */
  klass?(row: string[]): string;
}

/** A class list's names, and each pupil's class where the list has a class column (else null). */
export interface ClassList {
  names: string[];
  classes: string[] | null;
}

/**
 * A header line with columns (from a spreadsheet: commas, semicolons or tabs) that names the pupils'
 * column, or a first- and a last-name column; else null, and each line is one whole name.
 */
function columnsOf(header: string): Columns | null {
  for (const sep of ['\t', ';', ',']) {
    const heads = cells(header, sep).map(squeezed);
    if (heads.length < 2) continue;
    const at = heads.findIndex((h) => CLASS.includes(h));
    const klass = at >= 0 ? { klass: (row: string[]) => (row[at] ?? '').replace(/\s+/g, ' ').trim() } : {};
    const whole = heads.findIndex((h) => WHOLE.includes(h));
    if (whole >= 0) return { sep, pick: (row) => row[whole] ?? '', ...klass };
    const first = heads.findIndex((h) => FIRST.includes(h));
    const last = heads.findIndex((h) => LAST.includes(h));
    if (first >= 0) return { sep, pick: (row) => [row[first], last >= 0 ? row[last] : ''].filter(Boolean).join(' '), ...klass };
  }
  return null;
}

/**
 * A class list as a plan's pupils: names, or "- name: Ava" with "class: 5B" for pupils with a class
 * of their own, so a plan saved from the web page keeps them.
 */
export function planPupils(list: ClassList): (string | { name: string; class: string })[] {
  return list.names.map((name, i) => (list.classes?.[i] ? { name, class: list.classes[i]! } : name));
}

/** A plan's pupils as the text of a class list: a name a line, or a "Name,Class" table when any has a class. */
export function classListText(pupils: unknown[]): string {
  const rows = pupils.map((p) => {
    const o = p && typeof p === 'object' ? (p as { name?: unknown; class?: unknown }) : { name: p };
    return { name: String(o.name ?? ''), class: o.class === undefined ? '' : String(o.class) };
  });
  if (!rows.some((r) => r.class)) return rows.map((r) => r.name).join('\n');
  const cell = (c: string) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return ['Name,Class', ...rows.map((r) => `${cell(r.name)},${cell(r.class)}`)].join('\n');
}

/** A pupil's own class, as the class list gives it ('' for none, and for the booklet: no pupil). */
export function ownClass(plan: { classes?: string[] }, pupilIndex: number | null): string {
  return pupilIndex === null ? '' : (plan.classes?.[pupilIndex] ?? '');
}

/** A pupil as the key and the print file name them: with their own class when the class list gives one (two Sam Lees). */
export function whose(plan: { classes?: string[] }, pupil: string, pupilIndex: number | null): string {
  const own = ownClass(plan, pupilIndex);
  return own ? `${pupil} (${own})` : pupil;
}

/**
 * A class list: one name a line, an optional heading line ("Name", "Pupil name", "Students"); or a
 * spreadsheet's export whose first line names its columns (a "name" column, or "first name" and
 * "last name", and a "class" column if it has one: other columns are left out). Blank lines are
 * left out (a list pasted from an e-mail or a document has them); a repeated name (in one class), or
 * a row whose name cell is empty, is refused rather than guessed at: a pupil without a sheet is
 * worse than an error.
 */
export function readClassList(text: string, file: string): ClassList {
  notText(text, file);
  // the file's lines with something on them, each with its line number (1-based)
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, i) => ({ line, no: i + 1 }))
    .filter(({ line }) => !/^[\s,;]*$/.test(line));
  const names: string[] = [];
  const classes: string[] = [];
  const lineOf: number[] = []; // the file's line of each name
  const columns = lines.length ? columnsOf(lines[0]!.line) : null;
  const inline = !columns && lines.length === 1 ? oneLineList(lines[0]!.line, CLASS_LIST_LINE) : null;
  if (inline) {
    names.push(...inline);
    lineOf.push(...inline.map(() => lines[0]!.no));
  } else {
    lines.forEach(({ line, no }, i) => {
      if (i === 0 && (columns || HEADING.includes(squeezed(cell(line))))) return;
      const row = columns ? cells(line, columns.sep) : null;
      // two columns pasted from a spreadsheet without headings ("Ava<tab>Smith"): one name, with a space
      names.push(row ? columns!.pick(row).replace(/\s+/g, ' ').trim() : line.includes('\t') ? cells(line, '\t').filter(Boolean).join(' ') : cell(line));
      if (row && columns!.klass) classes.push(columns!.klass(row));
      lineOf.push(no);
    });
  }
  if (!names.length) fail(`${file}: the class list is empty; write one pupil name on each line (a first line "name" is allowed)`);
  unnumber(names);
  // a class column left empty in every row names no classes
  const named = classes.some(Boolean) ? classes : null;
  const refuse = (i: number | null, m: string) => fail(i === null ? `${file}: ${m}` : `${file}:${lineOf[i]}: ${m}`);
  return { names: checkNames(names, refuse, (i) => lineOf[i]!, columns || inline ? 'name' : 'line', named), classes: named && checkClasses(named, refuse) };
}

// "1. ", "2) ", "3<tab>", "4 - " or a bullet ("•", "-", "*") before a name: a list copied from an e-mail,
// a document or a register's number column
const LIST_MARK = /^(?:\d{1,4}\s*[.):]?\s*(?:[-–]\s+)?|[•◦▪·*–-]\s*)(?=\S)/u;

/**
 * A numbered or bulleted list's marks taken off its names, so "1. Ava Smith" is printed "Ava Smith"
 * (and her file is Ava-Smith.pdf, not 1.-Ava-Smith.pdf). Only when every name has one: a list with
 * a mark on one line alone is left as written.
 */
function unnumber(names: string[]): void {
  if (!names.every((n) => LIST_MARK.test(n))) return;
  names.forEach((n, i) => (names[i] = n.replace(LIST_MARK, '').trim()));
}

/**
 * A spreadsheet's own file (Excel's .xlsx and LibreOffice's .ods are ZIPs; old .xls starts with its
 * own mark) or any other file that is not text: refused with the way to get a list out of it,
 * rather than read as a screen of odd names.
 */
export function notText(text: string, file: string): void {
  const sheet = text.startsWith('PK\u0003\u0004') || text.startsWith('\u00d0\u00cf\u0011\u00e0') || text.startsWith('\ufffd\ufffd\u0011\ufffd');
  if (sheet) fail(`${file} is a spreadsheet file, not a list; in the spreadsheet choose Save As and the CSV format, and use that file (or copy the column of names and paste it)`);
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) fail(`${file} is not a text file; give a list with one pupil name a line (a .txt or .csv file)`);
}

/**
 * A class list pasted from an e-mail or a spreadsheet's row, all on one line: "Ava, Ben, Chloe",
 * "Ava; Ben" or tab-separated cells. Two names with a comma are one pupil ("Smith, Ava"); three or
 * more are a list. Quoted cells are a spreadsheet's, kept whole.
 */
export const CLASS_LIST_LINE: OneLineRule = {
  thresholds: [['\t', 2], [';', 2], [',', 3]],
  quotes: true,
  trailingCounts: false,
};

/**
 * A class list's names, checked: none blank or longer than MAX_NAME, none given twice (case
 * ignored; in a list with classes, twice in one class: a school has two Sam Lees), at most
 * MAX_PUPILS. `refuse(i, message)` says where name i was written (null: the whole list); `line(i)`
 * is the line of name i, for "already on line N". `blank` is what an empty one is.
 */
export function checkNames(
  names: string[],
  refuse: (i: number | null, message: string) => never,
  line: (i: number) => number,
  blank: 'line' | 'name',
  classes: string[] | null = null,
): string[] {
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    if (!name) refuse(i, blank === 'line' ? 'the class list has a blank line; give one pupil name on every line (remove the blank line)' : 'a name in the class list is blank; give every pupil a name (or remove that one)');
    if (name.length > MAX_NAME) refuse(i, `the name "${name.slice(0, 20)}..." is longer than ${MAX_NAME} characters`);
    const key = `${name}\u0000${classes?.[i] ?? ''}`.toLocaleLowerCase('en');
    const before = seen.get(key);
    if (before !== undefined) refuse(i, `"${name}" is already on line ${line(before)}${classes?.[i] ? ` in class ${classes[i]}` : ''}; every name must be different (add an initial, e.g. "${name} B.")`);
    seen.set(key, i);
  });
  if (names.length > MAX_PUPILS) refuse(null, `the class list has ${names.length} names; at most ${MAX_PUPILS} are allowed`);
  return names;
}

/** Each pupil's class, as printed after Class: (a pupil whose cell is empty gets the plan's class, if any). */
export function checkClasses(classes: string[], refuse: (i: number | null, message: string) => never): string[] {
  classes.forEach((c, i) => c.length > MAX_CLASS && refuse(i, `the class "${c.slice(0, 20)}..." is longer than ${MAX_CLASS} characters`));
  return classes;
}

// Characters no file name may hold on some system (Windows forbids these; / and \\ separate
// folders everywhere), control characters, and the marks that turn text right to left, which can
// make a name display as another.
const UNSAFE = /[<>:"/\\|?*\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
// Names Windows keeps for devices, with or without an extension ("CON", "nul.txt", "COM1").
const RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(?=\.|$)/i;
const MAX_CHARS = 60;

/**
 * A name as a file name safe on every system, in its own script: composed as typed letters are
 * (Unicode NFC, so "Zoë" typed two ways is one file), unsafe characters removed, spaces as dashes,
 * no dot or space at the ends (Windows drops them), device names such as CON made plain names.
 */
export function safeFileName(name: string, fallback = 'puzzles'): string {
  let base = name
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(/\s+/g, '-')
    .replace(/^[-.\s]+|[-.\s]+$/g, '');
  base = [...base].slice(0, MAX_CHARS).join('').replace(/[-.\s]+$/, '');
  base = base.replace(RESERVED, '$1_');
  return base || fallback;
}

/**
 * File names from pupil names, no two alike even where case is ignored. A name that two classes
 * share is told apart by the class ("Sam-Lee-5B.pdf"), not by a number.
 */
export function pupilFileNames(names: string[], reserved: string[] = [], classes: string[] | null = null): string[] {
  const taken = new Set(reserved.map((r) => r.toLowerCase()));
  const times = new Map<string, number>();
  for (const n of names) times.set(n.toLocaleLowerCase('en'), (times.get(n.toLocaleLowerCase('en')) ?? 0) + 1);
  return names.map((name, i) => {
    const shared = classes?.[i] && times.get(name.toLocaleLowerCase('en'))! > 1;
    const base = safeFileName(shared ? `${name} ${classes[i]}` : name, 'pupil');
    let file = `${base}.pdf`;
    for (let n = 2; taken.has(file.toLowerCase()); n++) file = `${base}-${n}.pdf`;
    taken.add(file.toLowerCase());
    return file;
  });
}
