import type { ValidationIssue } from '../errors/validation-error.js';
import type { Pipeline } from '../model/pipeline.js';
import { type Rule, createContext } from './context.js';
import { planDepthIssues } from './depth-limit.js';
import { datasetSchemas } from './dataset-rules.js';
import { cdcSpec, streamingSemantics, targetMatchesKind, uniqueExpectations } from './flow-rules.js';
import { functionUse, namedOutputs } from './function-rules.js';
import { everyDatasetWritten, knownTargetsAndReads, noCycles, uniqueNames } from './graph-rules.js';
import { reservedNames } from './reserved-names.js';
import { knownColumns } from './column-rules.js';
import { declaredSchemaColumns } from './declared-schema-rules.js';
import { booleanPredicates } from './predicate-rules.js';
import { typedExpressions } from './type-rules.js';
import { nestedAccess } from './nested-access-rules.js';
import { generatorsWellFormed } from './generator-rules.js';
import { rangesWellFormed } from './range-rules.js';
import { aggregatesWellFormed } from './aggregate-rules.js';
import { unambiguousColumns } from './ambiguity-rules.js';
import { sqlIsOneQuery, sqlReadsListed } from './sql-reads.js';
import { namesWithoutNul } from './name-characters.js';
import { literalValues } from './literal-rules.js';
import { viewChainsInlinable } from './view-chain-rules.js';
import { isValidated } from './validated.js';

const RULES: readonly Rule[] = [
  namesWithoutNul,
  uniqueNames,
  reservedNames,
  knownTargetsAndReads,
  everyDatasetWritten,
  noCycles,
  viewChainsInlinable,
  targetMatchesKind,
  cdcSpec,
  streamingSemantics,
  uniqueExpectations,
  datasetSchemas,
  functionUse,
  namedOutputs,
  knownColumns,
  declaredSchemaColumns,
  booleanPredicates,
  typedExpressions,
  nestedAccess,
  generatorsWellFormed,
  rangesWellFormed,
  literalValues,
  aggregatesWellFormed,
  unambiguousColumns,
  sqlReadsListed,
  sqlIsOneQuery,
];

/**
 * Graph-level validation of a well-shaped pipeline: every rule runs and
 * every problem is returned together (an empty array means valid). A plan
 * nested deeper than `MAX_PLAN_DEPTH` is reported alone, before any rule
 * walks it. A pipeline `parsePipeline` returned is deep-frozen and known
 * valid, so validating it again costs nothing.
 */
export function validatePipeline(pipeline: Pipeline): ValidationIssue[] {
  if (isValidated(pipeline)) return [];
  const tooDeep = planDepthIssues(pipeline);
  if (tooDeep.length > 0) return tooDeep;
  const context = createContext(pipeline);
  return RULES.flatMap((rule) => rule(context));
}
