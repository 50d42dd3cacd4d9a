// Fitting a card's texts into the room they have. SVG text neither wraps nor
// cuts itself, and glyph widths vary too much for a per-character estimate
// (a name of W and M is nearly twice as wide as one of i and l), so each text
// is measured in the font it renders with: a canvas's measureText gives the
// width SVG text takes at natural size, without laying the page out again
// (measuring the SVG itself did, once per text, and a 200-card page took
// 300 ms an update). Zoomed, glyph positions snap to pixels and a text can
// take a few units more: the GAP between texts on a line covers that.

/** Space kept between two texts sharing a line. */
export const GAP = 8;

const context = document.createElement('canvas').getContext('2d');
/** Fonts by what decides them (see fontKey): reading a computed style would restyle the page after each change. */
const fonts = new Map();

/**
 * What decides a text's font in style.css: its class, its parent's (for a
 * tspan), and the state and status of the checks row and node it is in.
 */
function fontKey(element) {
  const parent = element.tagName === 'tspan' ? element.parentElement?.getAttribute('class') : '';
  return [element.getAttribute('class'), parent, element.closest('[data-state]')?.getAttribute('data-state'), element.closest('[data-status]')?.getAttribute('data-status')].join('|');
}

function fontOf(element) {
  const key = fontKey(element);
  let font = fonts.get(key);
  if (font === undefined) {
    const style = getComputedStyle(element);
    font = { font: `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`, spacing: style.letterSpacing === 'normal' ? '0px' : style.letterSpacing };
    fonts.set(key, font);
  }
  return font;
}

/** A function giving the width of a string in the font `element` renders with. */
function measurer(element) {
  const { font, spacing } = fontOf(element);
  return (text) => {
    context.font = font;
    context.letterSpacing = spacing;
    return context.measureText(text).width;
  };
}

/** The width `text` renders at now, its tspans each in their own font, in graph units. */
export function textWidth(text) {
  if (text.children.length === 0) return text.textContent === '' ? 0 : measurer(text)(text.textContent);
  let width = 0;
  for (const run of text.children) width += measurer(run)(run.textContent);
  return width;
}

/**
 * Shows in `text` the first of `forms` that fits in `room`: each form is a
 * string or a function filling the text (with tspans). When none fits, the
 * last one's words are cut to fit, ending in an ellipsis.
 */
export function fitText(text, room, forms) {
  for (const form of forms) {
    fill(text, form);
    if (textWidth(text) <= room) return;
  }
  cutToFit(text, text.textContent, room);
}

function fill(text, form) {
  if (typeof form === 'string') text.textContent = form;
  else {
    text.replaceChildren();
    form(text);
  }
}

/** The longest start of `full` that fits in `room` with an ellipsis after it (just the ellipsis when none does). */
function cutToFit(text, full, room) {
  text.textContent = full;
  const width = measurer(text);
  const cut = (length) => `${full.slice(0, length).trimEnd()}…`;
  let fits = 0;
  let over = full.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (width(cut(middle)) <= room) fits = middle;
    else over = middle;
  }
  text.textContent = cut(fits);
}
