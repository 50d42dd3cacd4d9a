import { stat } from 'node:fs/promises';
import { readJsonlEvents } from '@thund/events';
import { type RunEvent, ThundError, ThundErrorCode } from '@thund/ir';
import { fileErrorReason } from './file-error-reason.js';

/**
 * Reads a whole event log written by `thund run --events`, before anything
 * is shown: a missing file, a directory, a line that is not a run event or
 * a log without any events is one THUND_SOURCE / THUND_VALIDATION error
 * naming the file (and line).
 */
export async function readEventLog(path: string): Promise<RunEvent[]> {
  const hint = 'pass a JSONL event log written by `thund run --events <file>`';
  let isFile: boolean;
  try {
    isFile = (await stat(path)).isFile();
  } catch (error) {
    throw new ThundError(ThundErrorCode.Source, `cannot read the event log ${path}: ${fileErrorReason(error)}; ${hint}`, { cause: error });
  }
  if (!isFile) throw new ThundError(ThundErrorCode.Source, `cannot read the event log ${path}: it is not a regular file; ${hint}`);
  const events: RunEvent[] = [];
  try {
    for await (const event of readJsonlEvents(path)) events.push(event);
  } catch (error) {
    if (error instanceof ThundError) throw new ThundError(error.code, `${error.rawMessage}; ${hint}`, { cause: error });
    throw new ThundError(ThundErrorCode.Source, `cannot read the event log ${path}: ${fileErrorReason(error)}; ${hint}`, { cause: error });
  }
  if (events.length === 0) throw new ThundError(ThundErrorCode.Validation, `the event log ${path} holds no run events; ${hint}`);
  return events;
}
