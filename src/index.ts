// The library: everything the CLI does, callable from code.
export type { Kind, Item, Section, Slot, Grid, Paper, OptionSpec, SubCommand } from './core/kind.js';
export { Rng } from './core/rng.js';
export { UserError } from './core/errors.js';
export { makeCode, parseCode, puzzleSeed } from './core/code.js';
export { KINDS, findKind, findKindByLetter } from './kinds/index.js';
export { generateItems, generateOne, kindPart, documentPages, fromCode, writeJson, answersFileName } from './run.js';
export { Templates, templateOverrides } from './layout/templates.js';
export { planPages, type Part, type PlannedPage } from './layout/plan.js';
export { renderPages, renderToBuffer, writePdf } from './pdf/write.js';
export { Draw, type Box } from './pdf/draw.js';
