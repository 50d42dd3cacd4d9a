import { describe, expect, it } from 'vitest';
import { type Pipeline, type RelationNode, checkAgainst, serializePipeline, validatePipeline, walkRelation } from '@thund/ir';
import { GENERATED_CASES_SEED, type GeneratedCase, generatedCases } from '../src/index.js';
import { InMemoryBackend } from './support/in-memory-backend.js';

const context = { workDir: '/w', path: (p: string) => `/w/${p}` };
const COUNT = 80;
const nodeKinds = (query: RelationNode | undefined): Set<string> => {
  const kinds = new Set<string>();
  if (query !== undefined) walkRelation(query, (n) => { kinds.add(n.kind); });
  return kinds;
};
const outFlows = (c: GeneratedCase, p: Pipeline = c.pipeline(context)) => p.flows.filter((f) => f.target === c.output);
const lines = (content: string): Record<string, unknown>[] => content.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
const ofShape = (cases: readonly GeneratedCase[], shape: GeneratedCase['shape']) => cases.filter((c) => c.shape === shape);

describe('generatedCases', () => {
  const cases = generatedCases(COUNT);
  it('gives valid pipelines within the function catalog', () => {
    expect(cases).toHaveLength(COUNT);
    for (const c of cases) expect(validatePipeline(c.pipeline(context)), c.id).toEqual([]);
  });
  it('is deterministic for a seed and varies across seeds; ids carry the index (and a seed other than the fixed one)', () => {
    const again = generatedCases(COUNT);
    expect(again.map((c) => serializePipeline(c.pipeline(context)))).toEqual(cases.map((c) => serializePipeline(c.pipeline(context))));
    expect(again.map((c) => [c.files, c.rerun])).toEqual(cases.map((c) => [c.files, c.rerun]));
    const other = generatedCases(8, 7);
    expect(other.map((c) => c.files)).not.toEqual(cases.slice(0, 8).map((c) => c.files));
    expect(cases.map((c) => c.id.startsWith(`generated/${c.index}-`) && c.seed === GENERATED_CASES_SEED)).not.toContain(false);
    expect(other[3]?.id).toMatch(/^generated\/3-.* \(seed 7\)$/);
  });
  it('takes every target shape in turn: n of each in 8n cases, every output mode of a window', () => {
    const counts = Object.fromEntries(['materialized_view', 'sink', 'streaming_table', 'append_once', 'cdc'].map((s) => [s, ofShape(cases, s as GeneratedCase['shape']).length]));
    expect(counts).toEqual({ materialized_view: 10, sink: 10, streaming_table: 10, append_once: 10, cdc: 10 });
    const modes = ofShape(cases, 'window').map((c) => c.outputMode);
    for (const mode of ['append', 'update', 'complete']) expect(modes.filter((m) => m === mode), mode).toHaveLength(10);
    // Every shape but the materialized view runs twice.
    expect(cases.filter((c) => c.rerun === undefined).map((c) => c.shape)).toEqual(Array(10).fill('materialized_view'));
  });
  it('mixes projections, aggregations, joins, ranks and distinct, with and without filters, into views and sinks', () => {
    const batch = [...ofShape(cases, 'materialized_view'), ...ofShape(cases, 'sink')];
    const queries = batch.map((c) => outFlows(c)[0]?.query);
    const kinds = queries.map((q) => q?.kind);
    expect(kinds).toContain('aggregate');
    expect(kinds).toContain('project');
    const nodes = new Set(queries.flatMap((q) => [...nodeKinds(q)]));
    expect([...nodes]).toEqual(expect.arrayContaining(['filter', 'join', 'window', 'aggregate', 'deduplicate']));
    const sinks = ofShape(cases, 'sink').map((c) => c.pipeline(context).datasets.find((d) => d.name === c.output));
    expect(sinks.map((d) => d?.type)).toEqual(Array(10).fill('sink'));
    expect(new Set(sinks.map((d) => d?.format))).toEqual(new Set(['parquet', 'json']));
    for (const c of ofShape(cases, 'sink')) expect(outFlows(c).map((f) => f.kind), c.id).toEqual(['batch']);
    // A sink's flow runs the query itself (reading temporary views only) or exports a materialized view of it.
    const exported = ofShape(cases, 'sink').map((c) => outFlows(c)[0]?.query.kind);
    expect(exported).toContain('read');
    expect(exported.filter((k) => k !== 'read').length).toBeGreaterThan(0);
    // The in-memory example backend lacks aggregates and functions: check says so for those cases.
    expect(batch.some((c) => !checkAgainst(c.pipeline(context), new InMemoryBackend().capabilities()).ok)).toBe(true);
  });
  it('streams stateless bodies; append-once backfills once, and its file grows before the second run', () => {
    for (const c of [...ofShape(cases, 'streaming_table'), ...ofShape(cases, 'append_once')]) {
      const flows = outFlows(c);
      expect(flows.map((f) => f.kind), c.id).toEqual(c.shape === 'streaming_table' ? ['streaming'] : ['append_once', 'streaming']);
      for (const f of flows) {
        expect([...nodeKinds(f.query)].filter((k) => !['read_files', 'filter', 'project'].includes(k)), c.id).toEqual([]);
      }
      expect(Object.keys(c.rerun?.files ?? {}).filter((f) => f.startsWith('data/') && f in c.files), c.id).toEqual([]);
      if (c.shape === 'append_once') expect(lines(c.rerun?.files['backfill.jsonl'] ?? '').length, c.id).toBeGreaterThan(lines(c.files['backfill.jsonl'] ?? '').length);
    }
    expect(ofShape(cases, 'streaming_table').some((c) => nodeKinds(outFlows(c)[0]?.query).has('project'))).toBe(true);
  });
  it('feeds CDC flows changes where no key has two different upserts at one sequence, with the model\'s rows for each run', () => {
    const cdc = ofShape(cases, 'cdc');
    const specs = cdc.map((c) => outFlows(c)[0]?.cdc);
    expect(new Set(specs.map((s) => s?.scdType))).toEqual(new Set([1, 2]));
    expect(specs.some((s) => s?.deleteWhen !== undefined)).toBe(true);
    for (const c of cdc) {
      const spec = outFlows(c)[0]?.cdc;
      expect(c.expected, c.id).toHaveLength(2);
      const changes = [...Object.values(c.files), ...Object.values(c.rerun?.files ?? {})].flatMap(lines);
      const upserts = new Map<string, string>();
      for (const change of changes) {
        if (change['seq'] === null || change['op'] === 'D' || change['op'] === 'T') continue;
        const slot = JSON.stringify([...(spec?.keys ?? []).map((k) => change[k]), change['seq']]);
        const held = upserts.get(slot) ?? JSON.stringify(change);
        expect(JSON.stringify(change), `${c.id} ${slot}`).toBe(held);
        upserts.set(slot, held);
      }
    }
    // Collisions happen: some key holds several changes, and some change is delivered twice.
    expect(cdc.some((c) => c.expected?.[1]?.length !== undefined && c.expected[1].length > 0)).toBe(true);
  });
  it('places event times so no split of the files into micro-batches changes a result', () => {
    for (const c of ofShape(cases, 'window')) {
      const flow = outFlows(c)[0];
      expect(flow?.outputMode, c.id).toBe(c.outputMode);
      // The rows the IR's semantics give after each run (a model of windows, late rows and output modes).
      expect(c.expected, c.id).toHaveLength(2);
      const delay = Number(String(flow?.watermark?.delay).replace('s', ''));
      const w = flow?.window;
      const boundary = w?.kind === 'tumbling' ? Number(String(w.size).replace('s', '')) : w?.kind === 'hopping' ? Number(String(w.slide).replace('s', '')) : 2;
      expect(delay % 2, c.id).toBe(0);
      expect(boundary % 2, c.id).toBe(0);
      if (w?.kind === 'session') expect(Number(String(w.gap).replace('s', '')) % 2, c.id).toBe(1);
      const seconds = (content: string) => lines(content).map((r) => (Date.parse(`${String(r['ts']).replace(' ', 'T')}Z`) - Date.UTC(2026, 0, 1)) / 1000);
      let newest = 0;
      let firstRunWatermark: number | undefined;
      for (const [run, files] of [[1, c.files], [2, c.rerun?.files ?? {}]] as const) {
        if (run === 2) firstRunWatermark = newest - delay;
        for (const name of Object.keys(files).sort()) {
          const times = seconds(files[name] ?? '');
          for (const t of times) {
            expect(t % 2, `${c.id} ${name} ${t}`).toBe(1);
            // Not late under any split, or (second run only) late under every split.
            const onTime = newest === 0 || t >= newest - delay + 2;
            const late = firstRunWatermark !== undefined && t <= firstRunWatermark - 2;
            expect(onTime || late, `${c.id} ${name} ${t}`).toBe(true);
          }
          newest = Math.max(newest, ...times.filter((t) => firstRunWatermark === undefined || t > firstRunWatermark));
        }
      }
    }
    const kinds = new Set(ofShape(cases, 'window').map((c) => outFlows(c)[0]?.window?.kind));
    expect(kinds).toEqual(new Set(['tumbling', 'hopping', 'session']));
    // Most append cases have final windows by the end, and some second runs carry late rows.
    const appended = ofShape(cases, 'window').filter((c) => c.outputMode === 'append');
    expect(appended.filter((c) => (c.expected?.[1]?.length ?? 0) > 0).length).toBeGreaterThan(appended.length / 2);
  });
});
