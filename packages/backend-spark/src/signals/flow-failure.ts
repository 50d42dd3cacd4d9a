import { type ThundError, ThundErrorCode } from '@thund/ir';
import { SparkError } from '../connect/spark-error.js';
import { expectationMarker } from './expectation-marker.js';
import { type NotNullColumn, notNullMarker } from './not-null-marker.js';

/** A row failed a `fail` expectation: Spark raised Þund's expectation marker. */
export interface ExpectationFailed {
  /** Discriminant. */
  readonly kind: 'ExpectationFailed';
  /** The expectation's name. */
  readonly expectation: string;
  /** Spark's error class (USER_RAISED_EXCEPTION), when known. */
  readonly engineClass?: string;
}

/** A row had NULL in a column its dataset declares NOT NULL: Spark raised Þund's NOT NULL marker. */
export interface SchemaMismatch extends NotNullColumn {
  /** Discriminant. */
  readonly kind: 'SchemaMismatch';
  /** Spark's error class (USER_RAISED_EXCEPTION), when known. */
  readonly engineClass?: string;
}

/** Any other failure, with the error's code and its message as it came. */
export interface EngineFailure {
  /** Discriminant. */
  readonly kind: 'EngineFailure';
  /** The error's code. */
  readonly code: ThundErrorCode;
  /** The error's message, without Þund's `[code] backend …:` prefix. */
  readonly message: string;
  /** Spark's error class, when known. */
  readonly engineClass?: string;
}

/** Why a flow failed, as far as Spark's text tells. */
export type FlowFailure = ExpectationFailed | SchemaMismatch | EngineFailure;

/** What an error that stopped a flow's rows says: one of Þund's markers, or the error itself. */
export function flowFailureOf(error: ThundError): FlowFailure {
  return failureIn(error.rawMessage, engineFailureOf(error));
}

/** An error as a flow failure, its text not searched for markers (an analysis Spark refused, Þund's own check). */
export function engineFailureOf(error: ThundError): EngineFailure {
  const engineClass = error instanceof SparkError ? error.engineClass : undefined;
  return { kind: 'EngineFailure', code: error.code, message: error.rawMessage, ...(engineClass === undefined ? {} : { engineClass }) };
}

/** The marker `text` carries (an expectation's before a NOT NULL column's), with `otherwise`'s error class; else `otherwise`. */
export function failureIn(text: string, otherwise: EngineFailure): FlowFailure {
  const engineClass = otherwise.engineClass === undefined ? {} : { engineClass: otherwise.engineClass };
  const failed = expectationMarker.parse(text);
  if (failed !== undefined) return { kind: 'ExpectationFailed', expectation: failed.expectation, ...engineClass };
  const column = notNullMarker.parse(text);
  if (column !== undefined) return { kind: 'SchemaMismatch', ...column, ...engineClass };
  return otherwise;
}

/** A failure of `flow` as its error code and message say it, worded as on native. */
export function describeFailure(failure: FlowFailure, flow: string): { readonly code: ThundErrorCode; readonly message: string } {
  switch (failure.kind) {
    case 'ExpectationFailed':
      return { code: ThundErrorCode.ExpectationFailed, message: `expectation "${failure.expectation}" failed for a row written by flow "${flow}"` };
    case 'SchemaMismatch':
      return { code: ThundErrorCode.SchemaMismatch, message: `column "${failure.column}" of dataset "${failure.dataset}" is NOT NULL but flow "${flow}" wrote NULL` };
    case 'EngineFailure':
      return { code: failure.code, message: failure.message };
  }
}
