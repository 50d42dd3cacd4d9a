import { describe, expect, it } from 'vitest';
import { ThundError, ThundErrorCode, UnsupportedError, ValidationError, checkAgainst, defineCapabilities, isThundErrorCode } from '../src/index.js';
import { basePipeline } from './support/pipelines.js';

describe('ThundError', () => {
  it('puts code, backend and element in the message and keeps the raw message', () => {
    const error = new ThundError(ThundErrorCode.Engine, 'column "amout" not found', { backend: 'native', element: { kind: 'flow', name: 'clean' } });
    expect(error.message).toBe('[THUND_ENGINE] backend "native", flow "clean": column "amout" not found');
    expect(error.rawMessage).toBe('column "amout" not found');
    expect(error.code).toBe('THUND_ENGINE');
  });

  it('recognises errors from another copy of the package structurally', () => {
    const foreign = { code: 'THUND_SOURCE', message: 'x', [Symbol.for('@thund/ir/ThundError')]: true };
    expect(foreign instanceof ThundError).toBe(true);
    expect({ code: 'THUND_SOURCE', message: 'x' } instanceof ThundError).toBe(false);
    expect({ code: 'NOPE', [Symbol.for('@thund/ir/ThundError')]: true } instanceof ThundError).toBe(false);
    // Subclasses stay nominal.
    expect(new ThundError(ThundErrorCode.Validation, 'x') instanceof ValidationError).toBe(false);
  });

  it('wraps unknown reasons, keeping ThundErrors as they are', () => {
    const original = new ThundError(ThundErrorCode.Source, 'missing');
    expect(ThundError.from(original)).toBe(original);
    const wrapped = ThundError.from(new RangeError('boom'), ThundErrorCode.Engine);
    expect(wrapped.code).toBe('THUND_ENGINE');
    expect(wrapped.cause).toBeInstanceOf(RangeError);
    expect(ThundError.from('text').rawMessage).toBe('text');
  });

  it('has a closed set of codes', () => {
    expect(isThundErrorCode('THUND_VALIDATION')).toBe(true);
    expect(isThundErrorCode('THUND_OOPS')).toBe(false);
    expect(Object.values(ThundErrorCode).every((code) => code.startsWith('THUND_'))).toBe(true);
  });

  it('UnsupportedError lists every violation with its path', () => {
    const report = checkAgainst(basePipeline(), defineCapabilities({ name: 'tiny', batch: true }));
    const error = new UnsupportedError(report);
    expect(error.code).toBe('THUND_UNSUPPORTED');
    expect(error.backend).toBe('tiny');
    expect(error.violations).toHaveLength(report.violations.length);
    for (const violation of report.violations) expect(error.message).toContain(violation.path);
  });
});
