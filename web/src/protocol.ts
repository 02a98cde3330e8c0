// Messages between the page and its worker. Bytes travel as transferred Uint8Arrays.
import type { Fix, Said } from '../../src/core/errors.js';

export type Values = Record<string, string | boolean | string[]>;

export interface SheetJob {
  type: 'sheet';
  kind: string;
  values: Values; // kind options and --count, --seed, --paper, --layout, --answers, --title, by key
  files: Record<string, Uint8Array>; // the teacher's files, by the name an option gives
}

export interface KeyJob {
  type: 'key';
  code: string;
  paper: string;
  explain: boolean;
  lang?: string; // the language of the printed words (default English)
  /** A deck made from the teacher's own words or pictures: them again, as `symbols` names them. */
  symbols?: string;
  files?: Record<string, Uint8Array>;
}

/** An answer from a code: whether the teacher's own words or pictures made it (a deck of them). */
export interface KeyMade {
  own: boolean;
}

/** A plan as a plan file holds it: title, seed, paper, answers, roster, worksheets with their options. */
export type PlanData = Record<string, unknown> & { worksheets: Record<string, unknown>[] };

export interface BatchJob {
  type: 'batch';
  plan: PlanData;
  roster?: string; // the roster's text, read as the file the plan names
  booklet: boolean;
  files: Record<string, Uint8Array>;
}

/** The plan as YAML, to save and use with the command line. */
export interface PlanToYaml {
  type: 'plan-yaml';
  plan: PlanData;
}

/** A plan file the teacher opened: checked, and handed back as data for the form. */
export interface ReadPlan {
  type: 'read-plan';
  text: string;
  name: string;
}

/** A class set's worksheet checked as the teacher leaves one of its fields: its mistakes, nothing made. */
export interface CheckSheets {
  type: 'check';
  plan: PlanData;
  files: Record<string, Uint8Array>;
}

export type Job = SheetJob | KeyJob | BatchJob | PlanToYaml | ReadPlan | CheckSheets;

/** What a class set's ZIP holds: the PDFs in order, and how many are pupils'. */
export interface ClassSetMade {
  files: { name: string; pages: number }[];
  pupils: number;
}

export interface OutFile {
  name: string;
  bytes: Uint8Array;
  pages?: number;
}

export type Reply =
  | { id: number; type: 'progress'; done: number; total: number; what: string }
  | { id: number; type: 'done'; files: OutFile[]; frontPages?: number; title?: string; data?: unknown }
  | ({ id: number; type: 'error'; more?: Problem[]; data?: unknown } & Problem);

/** One wrong field: its flag, and in a class set the worksheet it is in (0 = the first). */
export interface Problem {
  message: string;
  field?: string;
  sheet?: number;
  line?: number; // of a plan file the teacher opened
  fixes?: Fix[]; // the ways out the message offers, as buttons by it
  said?: Said; // what it is about, for the page to word itself
}
