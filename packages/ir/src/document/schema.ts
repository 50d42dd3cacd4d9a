import { z } from 'zod';
import type { CdcSpec } from '../model/cdc.js';
import type { DataType, Field, PrimitiveType, StructField } from '../model/data-type.js';
import { PRIMITIVE_TYPES } from '../model/data-type.js';
import type { Dataset } from '../model/dataset.js';
import { DATASET_TYPES } from '../model/dataset.js';
import { DURATION_PATTERN } from '../model/duration.js';
import type { Expectation } from '../model/expectation.js';
import { EXPECTATION_ACTIONS } from '../model/expectation.js';
import { FILE_FORMATS } from '../model/file-format.js';
import type { Flow } from '../model/flow.js';
import { FLOW_KINDS } from '../model/flow.js';
import type { Pipeline } from '../model/pipeline.js';
import { OUTPUT_MODES } from '../model/streaming.js';
import { BINARY_OPERATORS } from '../plan/expr/binary.js';
import type { Expression } from '../plan/expr/expression.js';
import type { SortKey } from '../plan/expr/sort-key.js';
import { UNARY_OPERATORS } from '../plan/expr/unary.js';
import { GENERATORS } from '../plan/rel/generate.js';
import { JOIN_TYPES } from '../plan/rel/join.js';
import type { RelationNode } from '../plan/rel/relation.js';

// The zod schemas are the single definition of the JSON document's shape.
// Each is annotated with the IR type it must produce, so the compiler keeps
// the TypeScript model and the document in step.

const name = z.string().min(1, 'must not be empty');
const stringMap = z.record(z.string(), z.string());
const duration = z.string().regex(DURATION_PATTERN, 'must be a duration like "250ms", "10s", "5m", "1h" or "1d"');

const dataTypeForms = () => z.union([
  z.enum(PRIMITIVE_TYPES as [string, ...string[]]) as z.ZodType<PrimitiveType>,
  z.strictObject({
    type: z.literal('decimal'),
    precision: z.number().int().min(1).max(38),
    scale: z.number().int().min(0).max(38),
  }),
  z.strictObject({
    type: z.literal('timestamp'),
    unit: z.enum(['s', 'ms', 'us', 'ns']),
    timezone: z.string().min(1).optional(),
  }),
  z.strictObject({ type: z.literal('list'), element: DataTypeSchema }),
  z.strictObject({ type: z.literal('struct'), fields: z.array(StructFieldSchema).min(1).superRefine(uniqueFieldNames) }),
  z.strictObject({ type: z.literal('map'), key: DataTypeSchema, value: DataTypeSchema }),
], {
  error: `must be an Arrow type: one of ${PRIMITIVE_TYPES.map((t) => `"${t}"`).join(', ')}, {"type":"decimal","precision":p,"scale":s}, {"type":"timestamp","unit":"s|ms|us|ns","timezone"?:…}, {"type":"list","element":type}, {"type":"struct","fields":[{"name":…,"type":type},…]} or {"type":"map","key":type,"value":type}`,
});

/** A struct's field names are unique, compared as Spark resolves them (case-insensitively). */
function uniqueFieldNames(fields: readonly { readonly name: string }[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  fields.forEach((field, i) => {
    const key = field.name.toLowerCase();
    if (seen.has(key)) context.addIssue({ code: 'custom', path: [i, 'name'], message: `field "${field.name}" appears twice in the struct: give each field its own name` });
    seen.add(key);
  });
}

export const DataTypeSchema: z.ZodType<DataType> = z.lazy(dataTypeForms).meta({ id: 'DataType' });

/** What zod reads a data type's document form to; a type test checks it is `DataType`, both ways. */
export type DataTypeDocument = z.output<ReturnType<typeof dataTypeForms>>;

const StructFieldSchema: z.ZodType<StructField> = z.lazy(() => z.strictObject({ name, type: DataTypeSchema })).meta({ id: 'StructField' });

export const FieldSchema: z.ZodType<Field> = z.strictObject({
  name,
  type: DataTypeSchema,
  nullable: z.boolean().optional(),
}).meta({ id: 'Field' });

const schemaFields = z.array(FieldSchema);
const literalValue = z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({
  description: 'The constant. Dates, timestamps and decimals are strings with a "type"; so is an integer beyond ±9007199254740991 (2^53 − 1), which a JSON number does not carry exactly: "value": "9007199254740993", "type": "int64" (readers refuse such an integer written as a number).',
});

const expressionForms = () =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('column'), name, relation: z.string().min(1).optional() }),
    z.strictObject({ kind: z.literal('literal'), value: literalValue, type: DataTypeSchema.optional() }),
    z.strictObject({ kind: z.literal('cast'), expr: ExpressionSchema, to: DataTypeSchema, orNull: z.literal(true).optional() }),
    z.strictObject({ kind: z.literal('binary'), op: z.enum(BINARY_OPERATORS), left: ExpressionSchema, right: ExpressionSchema }),
    z.strictObject({ kind: z.literal('unary'), op: z.enum(UNARY_OPERATORS), expr: ExpressionSchema }),
    z.strictObject({
      kind: z.literal('case'),
      branches: z.array(z.strictObject({ when: ExpressionSchema, then: ExpressionSchema })).min(1),
      otherwise: ExpressionSchema.optional(),
    }),
    z.strictObject({ kind: z.literal('in'), expr: ExpressionSchema, list: z.array(ExpressionSchema).min(1) }),
    z.strictObject({ kind: z.literal('call'), name, args: z.array(ExpressionSchema) }),
    z.strictObject({
      kind: z.literal('window_call'),
      name,
      args: z.array(ExpressionSchema),
      partitionBy: z.array(ExpressionSchema),
      orderBy: z.array(SortKeySchema),
      frame: z.strictObject({ start: z.number().int().nullable(), end: z.number().int().nullable() }).optional(),
    }),
    z.strictObject({ kind: z.literal('alias'), expr: ExpressionSchema, name }),
    z.strictObject({ kind: z.literal('star'), relation: z.string().min(1).optional() }),
    z.strictObject({ kind: z.literal('field'), expr: ExpressionSchema, name }),
    z.strictObject({ kind: z.literal('subscript'), expr: ExpressionSchema, index: ExpressionSchema }),
  ]);

export const ExpressionSchema: z.ZodType<Expression> = z.lazy(expressionForms).meta({ id: 'Expression' });

/** What zod reads an expression's document form to; a type test checks it is `Expression`, both ways. */
export type ExpressionDocument = z.output<ReturnType<typeof expressionForms>>;

export const SortKeySchema: z.ZodType<SortKey> = z.lazy(() =>
  z.strictObject({
    expr: ExpressionSchema,
    direction: z.enum(['asc', 'desc']),
    nulls: z.enum(['first', 'last']).optional(),
  }),
).meta({ id: 'SortKey' });

const relationForms = () =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('read'), dataset: name }),
    z.strictObject({
      kind: z.literal('read_files'),
      format: z.enum(FILE_FORMATS),
      path: name,
      schema: schemaFields.optional(),
      options: stringMap.optional(),
      maxFilesPerTrigger: z.number().int().positive().optional(),
    }),
    z.strictObject({ kind: z.literal('filter'), input: RelationSchema, condition: ExpressionSchema }),
    z.strictObject({ kind: z.literal('project'), input: RelationSchema, columns: z.array(ExpressionSchema).min(1) }),
    z.strictObject({
      kind: z.literal('aggregate'),
      input: RelationSchema,
      groupBy: z.array(ExpressionSchema),
      aggregates: z.array(ExpressionSchema),
    }),
    z.strictObject({
      kind: z.literal('join'),
      type: z.enum(JOIN_TYPES),
      left: RelationSchema,
      right: RelationSchema,
      leftAlias: z.string().min(1).optional(),
      rightAlias: z.string().min(1).optional(),
      on: ExpressionSchema.optional(),
      using: z.array(name).min(1).optional(),
    }),
    z.strictObject({ kind: z.literal('union'), inputs: z.array(RelationSchema).min(2), all: z.boolean().optional() }),
    z.strictObject({ kind: z.literal('sort'), input: RelationSchema, keys: z.array(SortKeySchema).min(1) }),
    z.strictObject({
      kind: z.literal('limit'),
      input: RelationSchema,
      count: z.number().int().min(0),
      offset: z.number().int().min(0).optional(),
    }),
    z.strictObject({ kind: z.literal('deduplicate'), input: RelationSchema, columns: z.array(name).min(1).optional() }),
    z.strictObject({ kind: z.literal('window'), input: RelationSchema, expressions: z.array(ExpressionSchema).min(1) }),
    z.strictObject({ kind: z.literal('sql'), dialect: name, sql: name }),
    z.strictObject({
      kind: z.literal('generate'),
      input: RelationSchema,
      generator: z.enum(GENERATORS),
      expr: ExpressionSchema,
      outer: z.boolean().optional(),
      names: z.array(name).min(1).optional(),
    }),
    z.strictObject({ kind: z.literal('range'), start: z.number().int(), end: z.number().int(), step: z.number().int() }),
  ]);

export const RelationSchema: z.ZodType<RelationNode> = z.lazy(relationForms).meta({ id: 'Relation' });

/** What zod reads a relation's document form to; a type test checks it is `RelationNode`, both ways. */
export type RelationDocument = z.output<ReturnType<typeof relationForms>>;

export const ExpectationSchema: z.ZodType<Expectation> = z.strictObject({
  name,
  predicate: ExpressionSchema,
  action: z.enum(EXPECTATION_ACTIONS),
}).meta({ id: 'Expectation' });

const TriggerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('available_now') }),
  z.strictObject({ kind: z.literal('once') }),
  z.strictObject({ kind: z.literal('processing_time'), interval: duration }),
]);

const WindowSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tumbling'), size: duration, column: name.optional() }),
  z.strictObject({ kind: z.literal('hopping'), size: duration, slide: duration, column: name.optional() }),
  z.strictObject({ kind: z.literal('session'), gap: duration, column: name.optional() }),
]);

export const CdcSchema: z.ZodType<CdcSpec> = z.strictObject({
  keys: z.array(name),
  sequenceBy: name,
  deleteWhen: ExpressionSchema.optional(),
  scdType: z.union([z.literal(1), z.literal(2)]),
  columns: z.array(name).optional(),
  exceptColumns: z.array(name).optional(),
  trackHistory: z.array(name).optional(),
  trackHistoryExcept: z.array(name).optional(),
  ignoreNullUpdates: z.boolean().optional(),
  applyAsTruncates: ExpressionSchema.optional(),
});

export const DatasetSchema: z.ZodType<Dataset> = z.strictObject({
  name,
  type: z.enum(DATASET_TYPES),
  schema: schemaFields.optional(),
  comment: z.string().optional(),
  properties: stringMap.optional(),
  partitionColumns: z.array(name).optional(),
  format: z.enum(FILE_FORMATS).optional(),
  location: name.optional(),
  options: stringMap.optional(),
}).meta({ id: 'Dataset' });

export const FlowSchema: z.ZodType<Flow> = z.strictObject({
  name,
  target: name,
  kind: z.enum(FLOW_KINDS),
  query: RelationSchema,
  reads: z.array(name).optional(),
  expectations: z.array(ExpectationSchema).optional(),
  trigger: TriggerSchema.optional(),
  watermark: z.strictObject({ column: name, delay: duration }).optional(),
  window: WindowSchema.optional(),
  outputMode: z.enum(OUTPUT_MODES).optional(),
  cdc: CdcSchema.optional(),
  comment: z.string().optional(),
}).meta({ id: 'Flow' });

/**
 * The zod schema of a pipeline document's shape (not its graph rules: see `validatePipeline`); the JSON Schema
 * is generated from it.
 */
export const PipelineSchema: z.ZodType<Pipeline> = z.strictObject({
  $schema: z.string().optional().meta({ description: 'The JSON Schema this document follows, for editors (e.g. the URL or path of pipeline.schema.json); ignored by Þund.' }),
  version: z.literal(1),
  name,
  catalog: name.optional(),
  database: name.optional(),
  storage: name.optional(),
  configuration: stringMap.optional(),
  datasets: z.array(DatasetSchema),
  flows: z.array(FlowSchema),
}).meta({
  id: 'Pipeline',
  title: 'Þund pipeline document',
  description: 'A declarative data pipeline: datasets and the flows that write them. Version 1.',
});
