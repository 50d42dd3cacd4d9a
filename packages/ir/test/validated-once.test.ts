import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContext } from '../src/validate/context.js';
import { type Pipeline, from, parsePipeline, pipeline, preflight, readFiles, serializePipeline, validatePipeline } from '../src/index.js';

// Every validation that runs the rules builds one context: counting them counts validations.
vi.mock('../src/validate/context.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/validate/context.js')>();
  return { ...original, createContext: vi.fn(original.createContext) };
});
const validations = vi.mocked(createContext);

const built = pipeline('p')
  .temporaryView('src', { query: readFiles('json', 'in.json') })
  .materializedView('out', { query: from('src') })
  .build();

describe('a parsed pipeline is validated once', () => {
  afterEach(() => validations.mockClear());

  it('parsePipeline validates and deep-freezes; validating it again (preflight too) runs no rule', () => {
    const parsed = parsePipeline(serializePipeline(built));
    expect(validations).toHaveBeenCalledTimes(1);
    expect(validatePipeline(parsed)).toEqual([]);
    expect(preflight(parsed, () => ({ backend: 'x', ok: true, violations: [] }))).toBeUndefined();
    expect(validations).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(parsed.flows[1]?.query)).toBe(true);
    expect(() => (parsed.flows as Pipeline['flows'][number][]).push(parsed.flows[0]!)).toThrow(TypeError);
  });

  it('a pipeline not from parsePipeline is validated each time', () => {
    validatePipeline(built);
    validatePipeline(built);
    expect(validations).toHaveBeenCalledTimes(2);
  });

  it('a copy of a parsed pipeline is validated again, so a change is never missed', () => {
    const parsed = parsePipeline(serializePipeline(built));
    const broken = { ...parsed, flows: [...parsed.flows, { ...parsed.flows[1]!, name: 'again' }] };
    expect(validatePipeline(broken).map((i) => i.code)).toEqual(['multiple_flows_into_view']);
  });
});
