import { readFile } from 'node:fs/promises';
import {
  type Capabilities, type DataType, type Dataset, type DatasetRows, type ExecBackend, type ReadRowsOptions, type Expression, type FlowOutcome, type Pipeline, type RelationNode, type RunOptions,
  ThundError, UnsupportedError, ValidationError, checkAgainst, dataTypeLabel, defineCapabilities, flowStages, startRun, validatePipeline, widensTo,
} from '@thund/ir';
import type { Row } from '../../src/index.js';

type Value = unknown;

/**
 * A third backend, as a third party would write one: a tiny in-memory JS
 * engine for batch flows that read JSON files, filter and project. It
 * declares exactly that, so the conformance suite runs its subset and
 * checks that it rejects everything else up front.
 */
export class InMemoryBackend implements ExecBackend {
  readonly tables = new Map<string, Row[]>();

  capabilities(): Capabilities {
    return defineCapabilities({
      name: 'in-memory',
      batch: true,
      datasetTypes: ['materialized_view', 'table', 'temporary_view'],
      relations: ['read', 'read_files', 'filter', 'project'],
      fileFormats: ['json'],
    });
  }

  check(pipeline: Pipeline) {
    return checkAgainst(pipeline, this.capabilities());
  }

  async readRows(dataset: string, options: ReadRowsOptions = {}): Promise<DatasetRows> {
    const all = this.tables.get(dataset) ?? [];
    const rows = options.limit === undefined ? all : all.slice(0, options.limit);
    return { columns: Object.keys(all[0] ?? {}), rows, totalRows: all.length };
  }

  run(pipeline: Pipeline, options: RunOptions = {}) {
    return startRun(pipeline.name, options, async ({ emit, signal }) => {
      const issues = validatePipeline(pipeline);
      if (issues.length > 0) throw new ValidationError(issues);
      const report = this.check(pipeline);
      if (!report.ok) throw new UnsupportedError(report);
      const outcomes: FlowOutcome[] = [];
      for (const flow of pipeline.flows) emit({ element: { kind: 'flow', name: flow.name }, phase: 'queued', message: `${flow.name} queued` });
      for (const flow of flowStages(pipeline).flat()) {
        const element = { kind: 'flow' as const, name: flow.name };
        if (signal.aborted) {
          emit({ element, phase: 'cancelled', message: `${flow.name} cancelled` });
          outcomes.push({ name: flow.name, phase: 'cancelled' });
          continue;
        }
        emit({ element, phase: 'running', message: `${flow.name} running` });
        const target = pipeline.datasets.find((d) => d.name === flow.target);
        let rows: Row[];
        try {
          rows = await this.#rows(flow.query);
        } catch (reason) {
          // A value the query cannot compute fails its flow (and those after it run on); anything else fails the run.
          if (!(reason instanceof ThundError) || reason.code !== 'THUND_ENGINE') throw reason;
          const error = new ThundError(reason.code, reason.message, { backend: 'in-memory', element });
          emit({ element, phase: 'failed', level: 'error', message: error.message, details: { error: { code: error.code, message: error.message } } });
          outcomes.push({ name: flow.name, phase: 'failed', error });
          continue;
        }
        // The declared-schema rule: exactly the declared columns, of types that widen to the declared ones; a NOT NULL
        // column holding a NULL fails the flow, and nothing is written.
        const mismatch = target === undefined ? undefined : declaredSchemaMismatch(target, flow.name, rows);
        if (mismatch !== undefined) {
          const error = new ThundError('THUND_SCHEMA_MISMATCH', mismatch, { backend: 'in-memory', element });
          emit({ element, phase: 'failed', level: 'error', message: error.message, details: { error: { code: error.code, message: error.message } } });
          outcomes.push({ name: flow.name, phase: 'failed', error });
          continue;
        }
        const previous = target?.type === 'table' ? (this.tables.get(flow.target) ?? []) : [];
        this.tables.set(flow.target, [...previous, ...rows]);
        emit({ element, phase: 'completed', message: `${flow.name} completed`, details: { rowsWritten: rows.length } });
        outcomes.push({ name: flow.name, phase: 'completed', rowsWritten: rows.length });
      }
      const status = outcomes.some((o) => o.phase === 'failed') ? 'failed' : outcomes.every((o) => o.phase === 'completed') ? 'completed' : 'cancelled';
      return { status, flows: outcomes };
    });
  }

  async #rows(node: RelationNode): Promise<Row[]> {
    switch (node.kind) {
      case 'read':
        return this.tables.get(node.dataset) ?? [];
      case 'read_files': {
        const lines = (await readFile(node.path, 'utf8')).split('\n').filter((l) => l.trim() !== '');
        return lines.map((l) => JSON.parse(l) as Row);
      }
      case 'filter':
        return (await this.#rows(node.input)).filter((row) => evaluate(node.condition, row) === true);
      case 'project':
        return (await this.#rows(node.input)).map((row) => project(node.columns, row));
      default:
        throw new ThundError('THUND_UNSUPPORTED', `plan node ${node.kind}`, { backend: 'in-memory' });
    }
  }
}

function project(columns: readonly Expression[], row: Row): Row {
  const out: Record<string, Value> = {};
  for (const [i, column] of columns.entries()) {
    if (column.kind === 'star') Object.assign(out, row);
    else out[column.kind === 'alias' || column.kind === 'column' ? column.name : `_c${i}`] = evaluate(column, row);
  }
  return out;
}

const COMPARE: Readonly<Record<string, (a: number | string, b: number | string) => boolean>> = {
  eq: (a, b) => a === b, neq: (a, b) => a !== b, lt: (a, b) => a < b, lte: (a, b) => a <= b, gt: (a, b) => a > b, gte: (a, b) => a >= b,
};
const ARITHMETIC: Readonly<Record<string, (a: number, b: number) => number>> = {
  add: (a, b) => a + b, sub: (a, b) => a - b, mul: (a, b) => a * b, div: (a, b) => a / b, mod: (a, b) => a % b,
};
/** Division and modulo by zero are NULL, as on every backend. */
const BY_ZERO_IS_NULL: ReadonlySet<string> = new Set(['div', 'mod']);

/** SQL semantics: NULL propagates; AND/OR are three-valued. */
function evaluate(e: Expression, row: Row): Value {
  switch (e.kind) {
    case 'column': return row[e.name] ?? null;
    case 'literal': return e.value;
    case 'alias': return evaluate(e.expr, row);
    case 'cast': {
      const v = evaluate(e.expr, row);
      if (v === null) return null;
      if (e.to === 'utf8') return String(v);
      if (e.to === 'bool') return Boolean(v);
      // A decimal is held as its text; cast on, it is the number the text says.
      const fromDecimal = e.expr.kind === 'cast' && typeof e.expr.to === 'object' && e.expr.to.type === 'decimal';
      const converted = castNumber(fromDecimal ? Number(v) : v, e.to);
      if (converted !== undefined) return converted;
      if (e.orNull === true) return null;
      throw new ThundError('THUND_ENGINE', `cannot cast ${JSON.stringify(v)} to ${dataTypeLabel(e.to)}`, { backend: 'in-memory' });
    }
    case 'unary': {
      const v = evaluate(e.expr, row);
      if (e.op === 'is_null') return v === null;
      if (e.op === 'is_not_null') return v !== null;
      if (v === null) return null;
      return e.op === 'not' ? !v : -Number(v);
    }
    case 'binary': {
      const a = evaluate(e.left, row);
      const b = evaluate(e.right, row);
      if (e.op === 'and') return a === false || b === false ? false : a === null || b === null ? null : true;
      if (e.op === 'or') return a === true || b === true ? true : a === null || b === null ? null : false;
      if (a === null || b === null) return null;
      if (e.op === 'like') return likePattern(String(b)).test(String(a));
      const compare = COMPARE[e.op];
      if (compare !== undefined) return compare(a as number | string, b as number | string);
      if (BY_ZERO_IS_NULL.has(e.op) && Number(b) === 0) return null;
      return (ARITHMETIC[e.op] as (a: number, b: number) => number)(Number(a), Number(b));
    }
    case 'case': {
      for (const branch of e.branches) if (evaluate(branch.when, row) === true) return evaluate(branch.then, row);
      return e.otherwise === undefined ? null : evaluate(e.otherwise, row);
    }
    case 'in': {
      const v = evaluate(e.expr, row);
      if (v === null) return null;
      const values = e.list.map((x) => evaluate(x, row));
      return values.includes(v) ? true : values.includes(null) ? null : false;
    }
    default:
      throw new ThundError('THUND_UNSUPPORTED', `expression ${e.kind}`, { backend: 'in-memory' });
  }
}

/** A LIKE pattern as a regular expression: `%` any run, `_` one character, a backslash makes the next one literal. */
function likePattern(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) source += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** A fresh backend for each conformance case. */
export async function createInMemory(): Promise<ExecBackend> {
  return new InMemoryBackend();
}

/** What breaks the declared schema of `target` in the rows a flow produced (a JSON number is int64, or float64 with a fraction). */
function declaredSchemaMismatch(target: Dataset, flow: string, rows: readonly Row[]): string | undefined {
  if (target.schema === undefined) return undefined;
  const declared = new Set(target.schema.map((f) => f.name));
  const extra = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((name) => !declared.has(name));
  if (extra.length > 0) return `flow "${flow}" produces ${extra.map((n) => `"${n}"`).join(', ')}, not in the declared schema of "${target.name}"`;
  for (const field of target.schema) {
    const values = rows.map((row) => row[field.name]).filter((v) => v !== null && v !== undefined);
    if (field.nullable === false && values.length < rows.length) return `column "${field.name}" of "${target.name}" is declared not nullable but flow "${flow}" produces NULL`;
    const produced = values.length === 0 ? undefined : valueType(values);
    if (produced !== undefined && !widensTo(produced, field.type)) return `column "${field.name}" of "${target.name}" is declared ${dataTypeLabel(field.type)} but flow "${flow}" produces ${produced}`;
  }
  return undefined;
}

function valueType(values: readonly Value[]): DataType | undefined {
  if (values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'int64' : 'float64';
  if (values.every((v) => typeof v === 'string')) return 'utf8';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  return undefined;
}

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/**
 * A value cast to a number type as Spark casts it (ANSI): text trimmed of
 * every character up to U+0020; an integer from text is a sign and digits,
 * from a number truncated toward zero, and must fit; a double from text may
 * end in Java's d or f; a decimal rounds half up and must fit its
 * precision. `undefined`: it does not convert (or the type is not one
 * this backend casts to).
 */
function castNumber(v: Value, to: DataType): Value | undefined {
  const text = typeof v === 'string' ? trimUpToSpace(v) : undefined;
  const range = typeof to === 'string' ? INTEGER_RANGES[to] : undefined;
  if (range !== undefined) {
    const whole = text === undefined ? (Number.isFinite(Number(v)) ? BigInt(Math.trunc(Number(v))) : undefined) : /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
    return whole === undefined || whole < range[0] || whole > range[1] ? undefined : Number(whole);
  }
  if (to === 'float64') {
    if (text === undefined) return Number(v);
    const plain = text.replace(/([0-9.])[dDfF]$/, '$1');
    if (DECIMAL_TEXT.test(plain)) return Number(plain);
    if (/^[+-]?(inf|infinity)$/i.test(plain)) return plain.startsWith('-') ? -Infinity : Infinity;
    return /^[+-]?nan$/i.test(plain) ? Number.NaN : undefined;
  }
  if (typeof to === 'object' && to.type === 'decimal') return castDecimal(text ?? String(v), to.precision, to.scale);
  return undefined;
}

/** `text` without the characters up to U+0020 (spaces, tabs, line breaks, control characters) at either end. */
function trimUpToSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end -= 1;
  return text.slice(start, end);
}

/** Decimal text of `text` rounded half up to `scale` places, or `undefined` if it is no number or needs more than `precision` digits. */
function castDecimal(text: string, precision: number, scale: number): string | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) return undefined;
  const [whole = '', fraction = ''] = (match[1] ?? '').split('.');
  const exponent = Number(match[2]?.slice(1) ?? 0) - fraction.length;
  let digits = BigInt(`${whole}${fraction}` || '0');
  // digits × 10^exponent, to a whole number of 10^-scale.
  const shift = exponent + scale;
  if (shift >= 0) digits *= 10n ** BigInt(shift);
  else {
    const unit = 10n ** BigInt(-shift);
    digits = (digits + unit / 2n) / unit;
  }
  if (digits.toString().length > precision) return undefined;
  const padded = digits.toString().padStart(scale + 1, '0');
  const sign = text.startsWith('-') && digits !== 0n ? '-' : '';
  return scale === 0 ? `${sign}${padded}` : `${sign}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}
