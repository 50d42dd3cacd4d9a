import { type ElementRef, elementLabel } from '../model/element-ref.js';
import { ThundErrorCode, isThundErrorCode } from './error-code.js';

/** Where an error happened and what caused it; the optional parts of a {@link ThundError}. */
export interface ThundErrorOptions {
  /** The pipeline element the error concerns, when there is one. */
  readonly element?: ElementRef;
  /** The backend that raised it (`native`, `spark`, a third party's name). */
  readonly backend?: string;
  /** The underlying error. */
  readonly cause?: unknown;
}

const THUND_ERROR_BRAND = Symbol.for('@thund/ir/ThundError');

/**
 * The one error type of Þund. `code` is stable, `rawMessage` is the bare
 * message, and `message` carries the code, backend and element so a user
 * sees at once what was wrong and where.
 *
 * `instanceof ThundError` is structural: errors created by another copy of
 * this package (two installed versions) are still recognised.
 */
export class ThundError extends Error {
  /** Always `ThundError` (subclasses set their own name). */
  override name = 'ThundError';
  /** Stable code a tool may branch on. */
  readonly code: ThundErrorCode;
  /** The message without the code, backend and element prefix. */
  readonly rawMessage: string;
  /** The pipeline element the error concerns, if any. */
  readonly element: ElementRef | undefined;
  /** The backend that raised the error, if any. */
  readonly backend: string | undefined;
  /** Brand that makes `instanceof ThundError` work across copies of this package. */
  readonly [THUND_ERROR_BRAND] = true;

  constructor(code: ThundErrorCode, message: string, options: ThundErrorOptions = {}) {
    super(formatMessage(code, message, options), options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.rawMessage = message;
    this.element = options.element;
    this.backend = options.backend;
    Object.setPrototypeOf(this, new.target.prototype);
  }

  /** Nominal `instanceof`, plus a structural match (brand and code) for the base class only. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    // `this` is the class `instanceof` was asked about (ThundError or a subclass), not ThundError itself.
    // biome-ignore lint/complexity/noThisInStatic: see above
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    // Structural match only for the base class: subclasses keep nominal checks.
    // biome-ignore lint/complexity/noThisInStatic: see above
    if (this !== ThundError) return false;
    const candidate = value as Record<string | symbol, unknown>;
    return candidate[THUND_ERROR_BRAND] === true && isThundErrorCode(candidate['code']);
  }

  /** Wraps anything thrown into a ThundError, keeping ThundErrors as they are. */
  static from(reason: unknown, code: ThundErrorCode = ThundErrorCode.Internal, options: ThundErrorOptions = {}): ThundError {
    if (reason instanceof ThundError) return reason;
    if (reason instanceof Error) return new ThundError(code, reason.message, { ...options, cause: reason });
    return new ThundError(code, String(reason), { ...options, cause: reason });
  }
}

function formatMessage(code: ThundErrorCode, message: string, options: ThundErrorOptions): string {
  const where = [
    options.backend === undefined ? undefined : `backend "${options.backend}"`,
    options.element === undefined ? undefined : elementLabel(options.element),
  ].filter((part) => part !== undefined);
  return where.length === 0 ? `[${code}] ${message}` : `[${code}] ${where.join(', ')}: ${message}`;
}
