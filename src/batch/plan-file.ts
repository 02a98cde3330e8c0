import { dirname, resolve } from 'node:path';
import { text } from '../port/index.js';
import { readUserFile } from '../port/user-file.js';
import { parsePlanText, type BatchPlan } from './plan.js';

/** A plan or a roster of a thousand pupils is a few tens of KB. */
const MAX_PLAN_BYTES = 1024 * 1024;

/** A plan's text, with its roster read from the plan's own folder. */
export function parsePlan(planText: string, file: string): BatchPlan {
  const hint = 'give the path, relative to the plan, of a text or CSV file with one pupil name a line';
  return parsePlanText(planText, file, (path) => text(readUserFile(resolve(dirname(file), path), { what: path, maxBytes: MAX_PLAN_BYTES, hint })));
}

/** Reads and checks a plan file (and its roster) before anything is generated. */
export function readPlan(file: string): BatchPlan {
  const hint = 'give the path of a .yaml or .json plan file';
  return parsePlan(text(readUserFile(file, { what: `the plan ${file}`, maxBytes: MAX_PLAN_BYTES, hint })), file);
}
