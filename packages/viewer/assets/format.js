// How numbers, durations and times read on the page.

export function count(n) {
  return n.toLocaleString('en-US');
}

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A count in a few characters, `9.9T`, `1.2M`, `512`: for where the exact figure does not fit. */
export function compact(n) {
  return COMPACT.format(n);
}

export function duration(ms) {
  if (ms === undefined || ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** `HH:MM:SS.mmm` of an RFC 3339 UTC timestamp. */
export function clock(timestamp) {
  return timestamp.slice(11, 23);
}

/** The text cut to `max` characters, with an ellipsis when cut. */
export function cut(text, max) {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

export function words(identifier) {
  return identifier.replaceAll('_', ' ');
}
