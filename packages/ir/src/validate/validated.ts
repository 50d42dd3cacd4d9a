import type { Pipeline } from '../model/pipeline.js';

/**
 * Pipelines known valid: deep-frozen after passing validation, so nothing
 * can make them invalid again and validating one a second time (the run's
 * preflight after the CLI's parse) can be skipped.
 */
const validated = new WeakSet<Pipeline>();

/** Freezes `pipeline` and everything in it, and remembers it as valid. Only for a pipeline that just passed validation. */
export function freezeValidated(pipeline: Pipeline): Pipeline {
  const seen = new Set<object>();
  const pending: object[] = [pipeline];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    Object.freeze(next);
    for (const value of Object.values(next)) if (typeof value === 'object' && value !== null) pending.push(value);
  }
  validated.add(pipeline);
  return pipeline;
}

/** Whether `pipeline` passed validation and cannot have changed since. */
export function isValidated(pipeline: Pipeline): boolean {
  return validated.has(pipeline);
}
