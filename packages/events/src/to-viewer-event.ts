import { type RunEvent, runEventToJson } from '@thund/ir';
import type { JsonObject } from '@thund/ir';
import type { ViewerEvent } from './viewer-event.js';

/** Maps a RunEvent to the viewer format. Pure. `runId` overrides the event's, e.g. to group reruns. */
export function toViewerEvent(event: RunEvent, context: { readonly runId?: string } = {}): ViewerEvent {
  const json = runEventToJson(event);
  return {
    run_id: context.runId ?? event.runId,
    timestamp: event.timestamp,
    element: event.element.name,
    element_kind: event.element.kind,
    status: event.phase ?? null,
    level: event.level,
    message: event.message,
    details: (json['details'] as JsonObject | undefined) ?? {},
  };
}
