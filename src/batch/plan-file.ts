import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fail } from '../core/errors.js';
import { parsePlanText, type BatchPlan } from './plan.js';

/** A plan's text, with its roster read from the plan's own folder. */
export function parsePlan(text: string, file: string): BatchPlan {
  return parsePlanText(text, file, (path) => readFileSync(resolve(dirname(file), path), 'utf8'));
}

/** Reads and checks a plan file (and its roster) before anything is generated. */
export function readPlan(file: string): BatchPlan {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    fail(`${file}: the plan cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}); give the path of a .yaml or .json plan file`);
  }
  return parsePlan(text, file);
}
