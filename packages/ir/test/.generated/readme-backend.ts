import { readFile } from 'node:fs/promises';
import { type DatasetRows, type Expression, type ExecBackend, type Pipeline, type RelationNode, type RunOptions,
  ThundError, UnsupportedError, checkAgainst, defineCapabilities, flowStages, startRun } from '@thund/ir';

type Row = Record<string, unknown>;

export class JsonFilterBackend implements ExecBackend {
  readonly tables = new Map<string, Row[]>();
  capabilities() { return defineCapabilities({ name: 'json-filter', batch: true, datasetTypes: ['table', 'materialized_view'],
    relations: ['read', 'read_files', 'filter'], fileFormats: ['json'] }); }
  check(pipeline: Pipeline) { return checkAgainst(pipeline, this.capabilities()); }
  run(pipeline: Pipeline, options: RunOptions = {}) {
    return startRun(pipeline, options, async ({ emit }) => { // startRun validates the pipeline first
      const report = this.check(pipeline); if (!report.ok) throw new UnsupportedError(report);
      for (const d of pipeline.datasets) this.tables.delete(d.name); // batch only: every run recomputes
      for (const flow of flowStages(pipeline).flat()) {
        emit({ element: { kind: 'flow', name: flow.name }, phase: 'running', message: `${flow.name} running` });
        const rows = await this.#rows(flow.query);
        this.tables.set(flow.target, [...(this.tables.get(flow.target) ?? []), ...rows]);
        emit({ element: { kind: 'flow', name: flow.name }, phase: 'completed', message: `${flow.name} completed`, details: { rowsWritten: rows.length } });
      }
      return { status: 'completed', flows: pipeline.flows.map((f) => ({ name: f.name, phase: 'completed' as const })) };
    });
  }
  async readRows(name: string): Promise<DatasetRows> { // a facet: previews and the conformance suite read through it
    const rows = this.tables.get(name) ?? []; return { columns: Object.keys(rows[0] ?? {}), rows, totalRows: rows.length }; }
  async #rows(node: RelationNode): Promise<Row[]> {
    if (node.kind === 'read') return this.tables.get(node.dataset) ?? [];
    if (node.kind === 'read_files') return (await readFile(node.path, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Row);
    if (node.kind === 'filter') return (await this.#rows(node.input)).filter((row) => evaluate(node.condition, row) === true);
    throw new ThundError('THUND_UNSUPPORTED', `plan node ${node.kind}`, { backend: 'json-filter' });
  }
}

function evaluate(e: Expression, row: Row): unknown {
  if (e.kind === 'column' || e.kind === 'literal') return e.kind === 'column' ? row[e.name] : e.value;
  if (e.kind === 'binary' && e.op === 'gt') return Number(evaluate(e.left, row)) > Number(evaluate(e.right, row));
  if (e.kind === 'binary' && e.op === 'eq') return evaluate(e.left, row) === evaluate(e.right, row);
  throw new ThundError('THUND_UNSUPPORTED', `expression ${e.kind}`, { backend: 'json-filter' });
}
