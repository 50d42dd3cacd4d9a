// The side panel of the selected dataset or flow: its status, counts,
// expectations, schema, lowered plan and events, fetched from the server.
import { html } from './dom.js';
import { clock, duration, words } from './format.js';

const byId = (id) => document.getElementById(id);

function rows(tbody, records) {
  tbody.replaceChildren(...records.map((values) => {
    const row = html('tr');
    for (const value of values) html('td', {}, row, String(value));
    return row;
  }));
}

function describe(item) {
  if (item.id.startsWith('flow:')) return `flow · ${words(item.kind)}${item.reads.length === 0 ? '' : ` · reads ${item.reads.join(', ')}`}`;
  return `dataset · ${item.label} · written by ${item.flows.length === 0 ? 'no flow' : item.flows.map((f) => f.name).join(', ')}`;
}

export async function showPanel(item) {
  const details = await (await fetch(`/api/node?id=${encodeURIComponent(item.id)}`)).json();
  const view = details.view;
  const panel = byId('panel');
  panel.hidden = false;
  panel.dataset.id = item.id;
  byId('panel-title').textContent = item.name;
  byId('panel-kind').textContent = describe(item);
  byId('panel-status').textContent = view.status;
  // Backends report rows read only where they know them (a streaming epoch's input); 0 is "not reported", not "read nothing".
  byId('panel-rows-read').textContent = view.rowsRead > 0 ? String(view.rowsRead) : 'not reported';
  byId('panel-rows-written').textContent = String(view.rowsWritten);
  byId('panel-duration').textContent = duration(view.durationMs) || '—';
  const error = byId('panel-error');
  error.hidden = view.error === undefined;
  error.textContent = view.error ?? '';
  rows(document.querySelector('#panel-expectations tbody'), view.expectations.map((e) => [e.name, e.action, e.passed, e.failed]));
  rows(document.querySelector('#panel-schema tbody'), (details.schema ?? []).map((c) => [c.name, c.type]));
  byId('panel-schema-unknown').hidden = details.schema !== null;
  byId('panel-lowered').textContent = details.lowered.map((l) => `-- flow ${l.flow} (${l.language})\n${l.text}`).join('\n\n') || '—';
  byId('panel-events').replaceChildren(...details.events.map((e) => html('li', {}, undefined, `${clock(e.timestamp)} ${e.status ?? e.level}: ${e.message}`)));
}
