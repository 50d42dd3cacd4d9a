import { type ElementRef, ThundError, ThundErrorCode } from '@thund/ir';

/** Checkpoint data that is corrupt, foreign, or written for a different flow definition. */
export function checkpointError(message: string, element: ElementRef, cause?: unknown): ThundError {
  return new ThundError(ThundErrorCode.Checkpoint, message, { backend: 'native', element, ...(cause === undefined ? {} : { cause }) });
}
