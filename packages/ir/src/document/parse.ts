import type { z } from 'zod';
import { type ValidationIssue, ValidationError } from '../errors/validation-error.js';
import type { Pipeline } from '../model/pipeline.js';
import { planDepthIssues } from '../validate/depth-limit.js';
import { validatePipeline } from '../validate/validate-pipeline.js';
import { freezeValidated } from '../validate/validated.js';
import { jsonPath } from './json-path.js';
import { jsonTextIssues } from './json-text-issues.js';
import { PipelineSchema } from './schema.js';

/** The outcome of {@link safeParsePipeline}: the pipeline, or every problem found. */
export type ParseResult =
  | {
      /** The document is a valid pipeline. */
      readonly ok: true;
      /** The parsed, deep-frozen pipeline. */
      readonly pipeline: Pipeline;
    }
  | {
      /** The document has problems. */
      readonly ok: false;
      /** Every problem found, with its JSON path. */
      readonly error: ValidationError;
    };

/**
 * Parses a pipeline document (JSON text or an already-parsed value): checks
 * its shape, then its graph. Every problem is reported, each with its path.
 * JSON text must write integers beyond ±(2^53 − 1) as strings with their
 * type (`"value": "9007199254740993", "type": "int64"`): as JSON numbers
 * they would lose digits, so they are refused at their line and column,
 * as is a key written twice in one object (JSON.parse keeps the last).
 * Never throws. The pipeline returned is deep-frozen and remembered as
 * valid, so `validatePipeline` (and a run's preflight) need not check it again.
 */
export function safeParsePipeline(input: unknown): ParseResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return failure([{ code: 'invalid_json', path: '$', message: `is not valid JSON: ${detail}` }]);
    }
    const textIssues = jsonTextIssues(input, value);
    if (textIssues.length > 0) return failure(textIssues);
  }
  // The schema recurses into plans: bound their depth first, without recursing.
  const tooDeep = planDepthIssues(value);
  if (tooDeep.length > 0) return failure(tooDeep);
  // Without zod's JIT: a document is parsed once per process, and compiling its fast path costs more than it saves.
  const shaped = PipelineSchema.safeParse(value, { jitless: true });
  if (!shaped.success) return failure(shaped.error.issues.map(toValidationIssue));
  const graphIssues = validatePipeline(shaped.data);
  if (graphIssues.length > 0) return failure(graphIssues);
  return { ok: true, pipeline: freezeValidated(shaped.data) };
}

/** Like `safeParsePipeline`, but throws the ValidationError. */
export function parsePipeline(input: unknown): Pipeline {
  const result = safeParsePipeline(input);
  if (!result.ok) throw result.error;
  return result.pipeline;
}

function failure(issues: readonly ValidationIssue[]): ParseResult {
  return { ok: false, error: new ValidationError(issues) };
}

function toValidationIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const path = jsonPath(issue.path);
  if (issue.path.length === 1 && issue.path[0] === 'version') {
    return { code: 'unsupported_version', path, message: 'must be 1: this version of @thund/ir reads pipeline documents of version 1' };
  }
  return { code: 'invalid_document', path, message: describeIssue(issue) };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `"${k}"`).join(', ')}: remove ${issue.keys.length === 1 ? 'it' : 'them'} or check the spelling`;
    case 'invalid_union':
      if ('discriminator' in issue && typeof issue.discriminator === 'string') {
        return `has no valid "${issue.discriminator}": see the pipeline JSON Schema for the allowed values`;
      }
      return `${issue.message}: it matches none of the allowed forms`;
    case 'invalid_type':
      return `expected ${issue.expected}${issue.input === undefined ? ' (the field is required)' : `, got ${describeValue(issue.input)}`}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
