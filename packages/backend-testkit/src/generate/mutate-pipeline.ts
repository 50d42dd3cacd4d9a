import type { Pipeline } from '@thund/ir';
import { type GeneratedCase, generatedCases } from './generated-cases.js';

/** How a generated pipeline was broken (or not) for the check-versus-run property. */
export type MutationKind = 'rename_column' | 'change_type' | 'remove_read';

/** The mistake {@link mutatePipeline} made in a pipeline. */
export interface Mutation {
  /** Which kind of mistake it is. */
  readonly kind: MutationKind;
  /** What was changed, for the failure message of a property run. */
  readonly description: string;
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const NUMERIC = new Set(['int8', 'int16', 'int32', 'int64', 'float32', 'float64']);

/** Every value under `root` (depth first) with the object holding it, so a mutation can replace it in a deep copy. */
function nodes(root: Json, visit: (node: Record<string, Json>) => void): void {
  if (Array.isArray(root)) for (const item of root) nodes(item, visit);
  else if (isObject(root)) {
    visit(root);
    for (const value of Object.values(root)) nodes(value, visit);
  }
}

/**
 * A copy of `pipeline` with one mistake of the kind people make, chosen
 * with `pick` (a seeded choice of an index below `n`): a column a flow
 * names renamed, a numeric column of a declared file schema declared as a
 * string, or a dataset another flow reads removed (with its flows).
 * `undefined` when the pipeline has nothing of that kind to break.
 */
export function mutatePipeline(pipeline: Pipeline, kind: MutationKind, pick: (n: number) => number): BrokenPipeline | undefined {
  const copy = structuredClone(pipeline) as unknown as { datasets: Record<string, Json>[]; flows: Record<string, Json>[] };
  switch (kind) {
    case 'rename_column': {
      const columns: Record<string, Json>[] = [];
      for (const flow of copy.flows) nodes(flow['query'], (n) => { if (n['kind'] === 'column' && typeof n['name'] === 'string') columns.push(n); });
      if (columns.length === 0) return undefined;
      const column = columns[pick(columns.length)] as Record<string, Json>;
      const description = `column "${String(column['name'])}" renamed to "${String(column['name'])}_renamed" where a flow names it`;
      column['name'] = `${String(column['name'])}_renamed`;
      return { pipeline: copy as unknown as Pipeline, mutation: { kind, description } };
    }
    case 'change_type': {
      const fields: Record<string, Json>[] = [];
      for (const flow of copy.flows) {
        nodes(flow['query'], (n) => {
          if (n['kind'] === 'read_files' && Array.isArray(n['schema'])) for (const f of n['schema']) if (isObject(f) && NUMERIC.has(String(f['type']))) fields.push(f);
        });
      }
      if (fields.length === 0) return undefined;
      const field = fields[pick(fields.length)] as Record<string, Json>;
      const description = `column "${String(field['name'])}" of a file schema declared utf8 instead of ${String(field['type'])}`;
      field['type'] = 'utf8';
      return { pipeline: copy as unknown as Pipeline, mutation: { kind, description } };
    }
    case 'remove_read': {
      const read = new Set<string>();
      for (const flow of copy.flows) nodes(flow['query'], (n) => { if (n['kind'] === 'read' && typeof n['dataset'] === 'string') read.add(n['dataset']); });
      const candidates = copy.datasets.filter((d) => read.has(String(d['name'])));
      if (candidates.length === 0) return undefined;
      const removed = String((candidates[pick(candidates.length)] as Record<string, Json>)['name']);
      copy.datasets = copy.datasets.filter((d) => d['name'] !== removed);
      copy.flows = copy.flows.filter((f) => f['target'] !== removed);
      return { pipeline: copy as unknown as Pipeline, mutation: { kind, description: `dataset "${removed}", which a flow reads, removed with its flows` } };
    }
  }
}


/** A pipeline with one mistake made in it, and the mistake. */
export interface BrokenPipeline {
  /** The pipeline with the mistake. */
  readonly pipeline: Pipeline;
  /** What was broken, and where. */
  readonly mutation: Mutation;
}

/** One pipeline of the check-versus-run property: a generated case, as generated or with one mistake. */
export interface CheckPropertySubject {
  /** The generated case's id, plus ` broken` for the mutated subject. */
  readonly id: string;
  /** The generated case the subject is made of. */
  readonly testCase: GeneratedCase;
  /** Breaks the case's pipeline (`undefined`: the pipeline as generated). */
  readonly mutate?: (pipeline: Pipeline) => BrokenPipeline | undefined;
}

const KINDS: readonly MutationKind[] = ['rename_column', 'change_type', 'remove_read'];

/** A seeded choice of an index below `n` (a linear congruential generator: the same seed, the same choices). */
function picker(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

/**
 * The subjects of the check-versus-run property: each of `generatedCases(count, seed)` as generated and once broken —
 * with the mistake kinds taken in turn (the case's own first, then the next one it has something to break for), at a
 * place chosen by a generator seeded with the case's index, so every run breaks the same things.
 */
export function checkPropertySubjects(count: number, seed: number): CheckPropertySubject[] {
  return generatedCases(count, seed).flatMap((testCase) => {
    const kinds = KINDS.map((_, k) => KINDS[(testCase.index + k) % KINDS.length] as MutationKind);
    const mutate = (p: Pipeline): ReturnType<typeof mutatePipeline> => {
      const pick = picker(testCase.index + 1);
      return kinds.reduce<ReturnType<typeof mutatePipeline>>((found, kind) => found ?? mutatePipeline(p, kind, pick), undefined);
    };
    return [{ id: testCase.id, testCase }, { id: `${testCase.id} broken`, testCase, mutate }];
  });
}
