// Element builders. Text is always set as textContent, never parsed as markup:
// names and messages come from the pipeline and the run.
const SVG_NS = 'http://www.w3.org/2000/svg';

function build(node, attributes, parent, text) {
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  parent?.appendChild(node);
  return node;
}

export function svg(name, attributes = {}, parent = undefined, text = undefined) {
  return build(document.createElementNS(SVG_NS, name), attributes, parent, text);
}

export function html(name, attributes = {}, parent = undefined, text = undefined) {
  return build(document.createElement(name), attributes, parent, text);
}

/**
 * Runs `render` at most once per animation frame, and at most once every
 * `minGapMs`, however often it is asked for: a run's events arrive faster
 * than the page need redraw, and redrawing on each would delay the next.
 */
export function throttled(render, minGapMs = 0) {
  let queued = false;
  let last = 0;
  return () => {
    if (queued) return;
    queued = true;
    setTimeout(() => requestAnimationFrame(() => {
      queued = false;
      last = performance.now();
      render();
    }), Math.max(0, last + minGapMs - performance.now()));
  };
}
