// The library under Node: everything the CLI does, callable from code.
import './port/node.js';
export type { Kind, Item, Section, Slot, Grid, Paper, OptionSpec, SubCommand } from './core/kind.js';
export { Rng } from './core/rng.js';
export { UserError } from './core/errors.js';
export { makeCode, parseCode, puzzleSeed } from './core/code.js';
export { KINDS, findKind, findKindByLetter } from './kinds/index.js';
export { generateItems, generateOne, kindPart, documentPages, fromCode, answersFileName } from './run.js';
export { writeJson, writePdf } from './node/write.js';
export { Templates, templateOverrides } from './layout/templates.js';
export { planPages, type Part, type PlannedPage } from './layout/plan.js';
export { renderDocument, renderToBuffer } from './pdf/render.js';
export { Draw, type Box } from './pdf/draw.js';
export { runBatchCore, batchSetup, manifestText, InThreadRunner, type BatchSink, type TaskRunner, type Manifest } from './batch/core.js';
export { parsePlanText, type BatchPlan, type PlanFileReader } from './batch/plan.js';
