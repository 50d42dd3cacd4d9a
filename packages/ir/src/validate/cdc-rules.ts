import { closestName } from './closest-name.js';
import { staticColumns } from '../cdc/static-columns.js';
import type { ValidationIssue } from '../errors/validation-error.js';
import { widensTo } from '../infer/type-algebra.js';
import { CDC_END_AT, CDC_START_AT, type CdcSpec } from '../model/cdc.js';
import { type DataType, dataTypeLabel } from '../model/data-type.js';
import type { Flow } from '../model/flow.js';
import { type Rule, type ValidationContext, flowRef, issue } from './context.js';

type ColumnList = 'keys' | 'columns' | 'exceptColumns' | 'trackHistory' | 'trackHistoryExcept';

/**
 * A `cdc` flow's spec: present exactly on cdc flows, with keys, and no
 * options Spark's AUTO CDC refuses together (its CANNOT_SET_TOGETHER
 * cases and the SCD-type-specific options), naming only columns that
 * exist where that can be known before running.
 */
export const cdcSpec: Rule = (context) => {
  const issues: ValidationIssue[] = [];
  context.pipeline.flows.forEach((flow, i) => {
    const ref = flowRef(flow);
    if (flow.kind !== 'cdc') {
      if (flow.cdc !== undefined) {
        issues.push(issue('cdc_spec_on_non_cdc_flow', ['flows', i, 'cdc'], `flow "${flow.name}" has a "cdc" spec but is a ${flow.kind} flow: set "kind": "cdc" or remove the spec`, ref));
      }
      return;
    }
    if (flow.cdc === undefined) {
      issues.push(issue('cdc_without_spec', ['flows', i], `cdc flow "${flow.name}" has no "cdc" spec: add one with keys, sequenceBy and scdType`, ref));
      return;
    }
    const spec = flow.cdc;
    if (spec.keys.length === 0) {
      issues.push(issue('cdc_without_keys', ['flows', i, 'cdc', 'keys'], `cdc flow "${flow.name}" has no keys: list the columns that identify a row`, ref));
    }
    issues.push(...conflicts(flow, spec, i), ...unknownColumns(context, flow, spec, i), ...declaredTypes(context, flow, spec, i));
  });
  return issues;
};

function conflicts(flow: Flow, spec: CdcSpec, i: number): ValidationIssue[] {
  const ref = flowRef(flow);
  const at = (...path: PropertyKey[]): PropertyKey[] => ['flows', i, 'cdc', ...path];
  const found: ValidationIssue[] = [];
  const conflict = (path: PropertyKey[], message: string): void => { found.push(issue('cdc_columns_conflict', path, `cdc flow "${flow.name}" ${message}`, ref)); };
  if (spec.columns !== undefined && spec.exceptColumns !== undefined) {
    conflict(at(), 'sets both "columns" and "exceptColumns": use one of them');
  }
  if (spec.trackHistory !== undefined && spec.trackHistoryExcept !== undefined) {
    conflict(at(), 'sets both "trackHistory" and "trackHistoryExcept": use one of them');
  }
  const stored = (c: string): boolean => !(spec.exceptColumns?.includes(c) ?? false) && (spec.columns === undefined || spec.columns.includes(c));
  for (const column of spec.keys.filter((c) => !stored(c))) {
    conflict(at(), `excludes key column "${column}": keys must be stored`);
  }
  for (const list of ['trackHistory', 'trackHistoryExcept'] as const) {
    const names = spec[list];
    if (names === undefined) continue;
    if (spec.scdType === 1) {
      conflict(at(list), `sets "${list}" on an SCD type 1 target, which keeps no history: remove it or set "scdType": 2`);
      continue;
    }
    names.forEach((name, j) => {
      if (spec.keys.includes(name)) conflict(at(list, j), `names key column "${name}" in "${list}": keys identify a row and are never tracked; remove it`);
      else if (!stored(name)) conflict(at(list, j), `names "${name}" in "${list}", but the target does not store it ("columns"/"exceptColumns"): remove it or store the column`);
    });
  }
  if (spec.applyAsTruncates !== undefined && spec.scdType === 2) {
    conflict(at('applyAsTruncates'), 'sets "applyAsTruncates" on an SCD type 2 target: truncates apply to SCD type 1 only (as in Spark); remove it or set "scdType": 1');
  }
  return found;
}

/**
 * The declared-schema rule's types for a cdc flow: each column it stores
 * (and, in SCD type 2, the sequence column its validity columns hold) must
 * widen to the type its target declares, as for every other flow, where
 * the input's types are known before running. Backends cast a stored
 * column to its declared type, and fail the flow when it does not widen.
 */
function declaredTypes(context: ValidationContext, flow: Flow, spec: CdcSpec, i: number): ValidationIssue[] {
  const declared = context.datasets.get(flow.target)?.schema;
  const input = declared === undefined ? undefined : context.schemaOf(flow.query);
  if (declared === undefined || input === undefined) return [];
  const found: ValidationIssue[] = [];
  const typeOf = (name: string) => declared.find((f) => f.name.toLowerCase() === name.toLowerCase())?.type;
  const stored = (c: string): boolean => !(spec.exceptColumns?.includes(c) ?? false) && (spec.columns === undefined || spec.columns.includes(c));
  const check = (column: string, produced: DataType | undefined, target: string, what: string): void => {
    const want = typeOf(target);
    if (produced === undefined || want === undefined || widensTo(produced, want)) return;
    found.push(issue('schema_types', ['flows', i, 'query'], `${what} "${column}" of cdc flow "${flow.name}" is ${dataTypeLabel(produced)}, which does not widen to ${dataTypeLabel(want)} as "${flow.target}" declares ${target === column ? 'it' : `"${target}"`}: cast it in the flow's source, or declare ${dataTypeLabel(produced)}`, flowRef(flow)));
  };
  for (const field of input) {
    if (stored(field.name)) check(field.name, field.type, field.name, 'column');
  }
  if (spec.scdType === 2) {
    const sequence = input.find((f) => f.name.toLowerCase() === spec.sequenceBy.toLowerCase());
    for (const validity of [CDC_START_AT, CDC_END_AT]) check(spec.sequenceBy, sequence?.type, validity, 'sequence column');
  }
  return found;
}

/** Column names the input's or the target's declared schema does not have. */
function unknownColumns(context: ValidationContext, flow: Flow, spec: CdcSpec, i: number): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  const ref = flowRef(flow);
  const input = staticColumns(flow.query, context.pipeline);
  if (input !== undefined) {
    const known = new Set(input);
    const check = (name: string, path: PropertyKey[], what: string): void => {
      if (!known.has(name)) {
        const guess = closestName(name, input);
        found.push(issue('unknown_schema_column', ['flows', i, 'cdc', ...path], `${what} "${name}" of cdc flow "${flow.name}" is not a column of its input (${input.join(', ')}): ${guess === undefined ? 'fix the name or add the column to the input' : `did you mean "${guess}"?`}`, ref));
      }
    };
    check(spec.sequenceBy, ['sequenceBy'], 'sequenceBy column');
    const lists: readonly ColumnList[] = ['keys', 'columns', 'exceptColumns', 'trackHistory', 'trackHistoryExcept'];
    for (const list of lists) spec[list]?.forEach((name, j) => { check(name, [list, j], `"${list}" column`); });
  }
  const target = context.datasets.get(flow.target);
  const schema = target?.schema;
  if (target !== undefined && schema !== undefined) {
    const names = new Set(schema.map((f) => f.name));
    spec.keys.forEach((key) => {
      if (!names.has(key)) {
        found.push(issue('unknown_schema_column', ['flows', i, 'cdc', 'keys'], `cdc key "${key}" of flow "${flow.name}" is not a column of "${flow.target}"'s declared schema: add it to the schema or fix the key`, ref));
      }
    });
    if (spec.scdType === 2) {
      const at = ['datasets', context.pipeline.datasets.indexOf(target), 'schema'];
      for (const validity of [CDC_START_AT, CDC_END_AT]) {
        if (names.has(validity)) continue;
        const old = validity.toLowerCase();
        const hint = names.has(old) ? `rename its "${old}" to "${validity}" (the validity columns are named as Spark's AUTO CDC names them)` : `add "${validity}" with the type of "${spec.sequenceBy}"`;
        found.push(issue('unknown_schema_column', at, `SCD type 2 target "${flow.target}" of cdc flow "${flow.name}" declares a schema without its validity column "${validity}": ${hint}`, ref));
      }
    }
  }
  return found;
}
