import { ThundErrorCode } from '../errors/error-code.js';
import { ThundError } from '../errors/thund-error.js';
import type { CheckReport, Violation } from './check-report.js';

/** Raised by `run` on a pipeline its backend's `check` rejects. */
export class UnsupportedError extends ThundError {
  override name = 'UnsupportedError';
  /** Every violation of the rejected check report. */
  readonly violations: readonly Violation[];

  constructor(report: CheckReport) {
    const lines = report.violations.map((v) => `  - ${v.path}: ${v.message}`);
    super(
      ThundErrorCode.Unsupported,
      `the pipeline uses ${report.violations.length === 1 ? 'a feature' : `${report.violations.length} features`} this backend does not support:\n${lines.join('\n')}`,
      { backend: report.backend },
    );
    this.violations = report.violations;
  }
}
