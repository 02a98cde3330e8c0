import { z } from 'zod';
import type { Kind, OptionSpec } from '../core/kind.js';
import { KINDS } from '../kinds/index.js';
import { flagName, topSchema } from './plan.js';

type Json = Record<string, unknown>;

/** Kind options are checked by code, not by a schema editors can read: describe them from their flags. */
function optionSchema(spec: OptionSpec): Json {
  const value = { type: ['string', 'number'] };
  if (!/[<[]/.test(spec.flags)) return { type: 'boolean', description: spec.description };
  if (spec.repeatable) return { description: spec.description, anyOf: [value, { type: 'array', items: value }] };
  return { description: spec.description, ...value };
}

function worksheetSchema(kind: Kind): Json {
  const properties: Json = {
    kind: { const: kind.name, description: kind.summary },
    count: { type: 'integer', minimum: 1, maximum: 1000, description: `how many ${kind.countOf ?? 'puzzles'} (default ${kind.defaultCount})` },
    layout: { type: 'string', pattern: '^\\s*[1-8]\\s*[xX×]\\s*[1-8]\\s*$', description: 'puzzles per page, COLSxROWS, e.g. 2x3' },
    title: { type: 'string', maxLength: 120, description: 'heading of this worksheet' },
    instructions: { type: 'string', maxLength: 500, description: 'replaces the instructions printed for pupils' },
    lang: { type: 'string', description: "this worksheet's language, when not the plan's (en, fr, es, de, ...)" },
  };
  for (const s of kind.options) {
    properties[s.key] ??= optionSchema(s);
    const flag = flagName(s);
    if (flag !== s.key) properties[flag] ??= { ...optionSchema(s), description: `same as ${s.key}: ${s.description}` };
  }
  return { type: 'object', title: kind.title, required: ['kind'], additionalProperties: false, properties };
}

/** What `puzzlepress schema` prints: plan files validated in editors as they are by the CLI. */
export function planJsonSchema(): Json {
  const top = z.toJSONSchema(topSchema, { io: 'input', unrepresentable: 'any' }) as Json & { properties: Json };
  top.title = 'puzzlepress batch plan';
  top.properties.worksheets = {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    description: 'the worksheets, in order; each takes the options its kind takes on the command line',
    items: { oneOf: KINDS.map(worksheetSchema) },
  };
  return top;
}
