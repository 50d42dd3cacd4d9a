// A small Þund backend: batch flows that read newline-delimited JSON files and filter them, in plain JavaScript.
// Grow it by adding plan node kinds to `capabilities` and to `#rows`, expression kinds to `evaluate`;
// `thund check` refuses, before anything runs, every pipeline that uses something it does not list.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ThundError, UnsupportedError, checkAgainst, defineCapabilities, flowStages, startRun } from '@thund/ir';

/** @returns {import('@thund/ir').Capabilities} */
export function capabilities() {
  return defineCapabilities({
    name: 'json-filter', batch: true, datasetTypes: ['table', 'materialized_view'], relations: ['read', 'read_files', 'filter'], fileFormats: ['json'],
  });
}

/** @implements {import('@thund/ir').ExecBackend} */
export class JsonFilterBackend {
  /** @type {Map<string, Record<string, unknown>[]>} */
  tables = new Map();
  #baseDir;

  /** @param {string} baseDir the directory relative paths of a pipeline resolve against */
  constructor(baseDir = process.cwd()) {
    this.#baseDir = baseDir;
  }

  capabilities() {
    return capabilities();
  }

  /** @param {import('@thund/ir').Pipeline} pipeline */
  check(pipeline) {
    return checkAgainst(pipeline, this.capabilities());
  }

  /** @param {import('@thund/ir').Pipeline} pipeline @param {import('@thund/ir').RunOptions} [options] */
  run(pipeline, options = {}) {
    return startRun(pipeline, options, async ({ emit }) => {
      const report = this.check(pipeline);
      if (!report.ok) throw new UnsupportedError(report);
      for (const dataset of pipeline.datasets) this.tables.delete(dataset.name); // batch only: every run recomputes
      /** @type {import('@thund/ir').FlowOutcome[]} */
      const flows = [];
      for (const flow of flowStages(pipeline).flat()) {
        emit({ element: { kind: 'flow', name: flow.name }, phase: 'running', message: `${flow.name} running` });
        const rows = await this.#rows(flow.query);
        this.tables.set(flow.target, [...(this.tables.get(flow.target) ?? []), ...rows]);
        emit({ element: { kind: 'flow', name: flow.name }, phase: 'completed', message: `${flow.name} completed`, details: { rowsWritten: rows.length } });
        flows.push({ name: flow.name, phase: 'completed', rowsWritten: rows.length });
      }
      return { status: 'completed', flows };
    });
  }

  /**
   * A facet: `thund show`, run previews and the conformance suite read datasets through it.
   * This backend keeps its tables in memory, so they are there only in the process that ran the pipeline.
   * @param {string} name @param {import('@thund/ir').ReadRowsOptions} [options]
   * @returns {Promise<import('@thund/ir').DatasetRows>}
   */
  async readRows(name, options = {}) {
    const rows = this.tables.get(name);
    if (rows === undefined) throw new ThundError('THUND_SOURCE', `dataset "${name}" has no rows in this process: the json-filter backend keeps what a run wrote in memory`, { backend: 'json-filter' });
    const shown = options.limit === undefined ? rows : rows.slice(0, options.limit);
    return { columns: Object.keys(rows[0] ?? {}), rows: shown, totalRows: rows.length };
  }

  /** @param {import('@thund/ir').RelationNode} node @returns {Promise<Record<string, unknown>[]>} */
  async #rows(node) {
    if (node.kind === 'read') return this.tables.get(node.dataset) ?? [];
    if (node.kind === 'read_files') {
      const path = isAbsolute(node.path) ? node.path : join(this.#baseDir, node.path);
      return (await readFile(path, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
    }
    if (node.kind === 'filter') return (await this.#rows(node.input)).filter((row) => evaluate(node.condition, row) === true);
    throw new ThundError('THUND_UNSUPPORTED', `plan node ${node.kind}`, { backend: 'json-filter' });
  }
}

/** @param {import('@thund/ir').Expression} e @param {Record<string, unknown>} row @returns {unknown} */
function evaluate(e, row) {
  if (e.kind === 'column') return row[e.name];
  if (e.kind === 'literal') return e.value;
  if (e.kind === 'binary' && e.op === 'gt') return Number(evaluate(e.left, row)) > Number(evaluate(e.right, row));
  if (e.kind === 'binary' && e.op === 'eq') return evaluate(e.left, row) === evaluate(e.right, row);
  throw new ThundError('THUND_UNSUPPORTED', `expression ${e.kind}`, { backend: 'json-filter' });
}
