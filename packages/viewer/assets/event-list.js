// Every event of the run, newest last, filtered by lowest level and by element.
import { html, throttled } from './dom.js';
import { clock } from './format.js';

const LEVELS = ['debug', 'info', 'warn', 'error'];
/** The list keeps this many matching events in the page; older ones are counted, not drawn. */
const SHOWN = 500;

const key = (event) => `${event.element_kind}:${event.element}`;

export function createEventList(list, levelSelect, elementSelect, countLabel, elements) {
  const events = [];
  const known = new Set();
  for (const [value, label] of elements) addElementOption(value, label);
  let matching = 0;

  function addElementOption(value, label) {
    known.add(value);
    html('option', { value }, elementSelect, label);
  }
  function matches(event) {
    const element = elementSelect.value;
    return LEVELS.indexOf(event.level) >= LEVELS.indexOf(levelSelect.value) && (element === '' || key(event) === element);
  }
  function item(event) {
    const li = html('li', { 'data-level': event.level, 'data-element': key(event) });
    html('time', {}, li, clock(event.timestamp));
    html('span', { class: 'level' }, li, event.level);
    html('span', { class: 'element' }, li, `${event.element_kind} ${event.element}`);
    html('span', { class: 'message' }, li, event.message);
    return li;
  }
  function showCount() {
    countLabel.textContent = matching === events.length ? `${events.length} events` : `${matching} of ${events.length} events`;
    if (matching > SHOWN) countLabel.textContent += ` (the last ${SHOWN} shown)`;
  }
  function redraw() {
    pending = [];
    const shown = events.filter(matches);
    matching = shown.length;
    list.replaceChildren(...shown.slice(-SHOWN).map(item));
    list.scrollTop = list.scrollHeight;
    showCount();
  }
  levelSelect.addEventListener('change', redraw);
  elementSelect.addEventListener('change', redraw);

  // New events are drawn in batches, once a frame: reading the scroll position forces a layout.
  let pending = [];
  const flush = throttled(() => {
    const shown = pending.filter(matches);
    pending = [];
    matching += shown.length;
    // Follow the newest event unless the reader has scrolled up.
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.append(...shown.slice(-SHOWN).map(item));
    while (list.childElementCount > SHOWN) list.firstElementChild.remove();
    if (atEnd) list.scrollTop = list.scrollHeight;
    showCount();
  });

  return {
    add(event) {
      events.push(event);
      if (!known.has(key(event))) addElementOption(key(event), `${event.element_kind} ${event.element}`);
      pending.push(event);
      flush();
    },
  };
}
