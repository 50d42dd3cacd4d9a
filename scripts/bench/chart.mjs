// One hand-written SVG chart per workload: a horizontal bar per series (its median), a dot per run,
// reference series grey, and the target as a dashed line when it is in the chart's unit.

const THUND = '#3b6fb6';
const REFERENCE = '#9a9a9a';
const TARGET = '#c0392b';
const ROW = 30;
const WIDTH = 860;

const xml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A figure in its unit, as the report prints it. */
export function formatValue(value, unit) {
  if (unit === 'MiB') return `${Math.round(value).toLocaleString('en')} MiB`;
  if (unit === 's') return `${value.toFixed(2)} s`;
  return `${value >= 100 || Number.isInteger(value) ? Math.round(value).toLocaleString('en') : value.toFixed(1)} ms`;
}

/** The smallest 1, 2 or 5 × 10^n at or above `x`. */
function niceCeil(x) {
  if (x <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  return ([1, 2, 5, 10].find((m) => m * power >= x) ?? 10) * power;
}

/** Axis ticks from 0 in a round step, at most five intervals, the last at or above `top`. */
function ticks(top) {
  const step = niceCeil(top / 5);
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, k) => k * step);
}

/** The SVG text of a ran workload's chart: the series in the first series' unit. */
export function chartSvg(result) {
  const unit = result.series[0]?.unit ?? 'ms';
  const series = result.series.filter((s) => s.unit === unit);
  const limits = (result.targets ?? []).filter((t) => t.limit?.unit === unit);
  const labelWidth = Math.min(430, Math.max(...series.map((s) => s.label.length), 10) * 6.6 + 16);
  const left = labelWidth + 10;
  const valueRoom = 90;
  const barWidth = WIDTH - left - valueRoom;
  const top = 58;
  const axis = ticks(1.05 * Math.max(...series.flatMap((s) => [s.median, ...s.values]), ...limits.map((t) => t.limit.value)));
  const max = axis.at(-1);
  const x = (v) => left + (v / max) * barWidth;
  const height = top + series.length * ROW + 44;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="12">`,
    `<title>${xml(result.title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="14" font-weight="bold" fill="#222">${xml(result.title)}</text>`,
    `<text x="12" y="42" fill="#555">${xml(subtitle(result, unit))}</text>`,
  ];
  series.forEach((s, i) => {
    const y = top + i * ROW;
    const colour = s.reference ? REFERENCE : THUND;
    out.push(`<text x="${labelWidth}" y="${y + 17}" text-anchor="end" fill="#222">${xml(s.label)}</text>`);
    out.push(`<rect x="${left}" y="${y + 5}" width="${Math.max(1, x(s.median) - left).toFixed(1)}" height="${ROW - 10}" fill="${colour}"/>`);
    if (s.values.length > 1) for (const v of s.values) out.push(`<circle cx="${x(v).toFixed(1)}" cy="${y + ROW / 2}" r="2.5" fill="#111" fill-opacity="0.55"/>`);
    out.push(`<text x="${(x(Math.max(s.median, ...s.values)) + 6).toFixed(1)}" y="${y + 17}" fill="#222">${xml(formatValue(s.median, unit))}</text>`);
  });
  const axisY = top + series.length * ROW + 4;
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${axisY}" stroke="#444"/>`);
  out.push(`<line x1="${left}" y1="${axisY}" x2="${left + barWidth}" y2="${axisY}" stroke="#444"/>`);
  for (const v of axis) {
    out.push(`<line x1="${x(v).toFixed(1)}" y1="${axisY}" x2="${x(v).toFixed(1)}" y2="${axisY + 4}" stroke="#444"/>`);
    out.push(`<text x="${x(v).toFixed(1)}" y="${axisY + 17}" text-anchor="middle" fill="#555">${v === 0 ? '0' : xml(formatValue(v, unit))}</text>`);
  }
  for (const t of limits) {
    const lx = x(t.limit.value).toFixed(1);
    out.push(`<line x1="${lx}" y1="${top - 4}" x2="${lx}" y2="${axisY}" stroke="${TARGET}" stroke-width="1.5" stroke-dasharray="5 3"/>`);
    out.push(`<text x="${lx}" y="${top - 8}" text-anchor="end" fill="${TARGET}">target ${xml(formatValue(t.limit.value, t.limit.unit))}</text>`);
  }
  out.push(`<text x="${WIDTH - 12}" y="${height - 8}" text-anchor="end" fill="#777" font-size="11">bar: median · dot: one run · grey: reference</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function subtitle(result, unit) {
  const parameters = Object.entries(result.parameters).filter(([, v]) => typeof v === 'number').map(([k, v]) => `${k} ${v.toLocaleString('en')}`);
  const ratio = result.ratios?.[0];
  return [...parameters, ratio === undefined ? undefined : `${ratio.label} ${ratio.value.toFixed(2)}× (${ratio.basis})`, unit === 'MiB' ? 'peak RSS' : 'wall time']
    .filter((x) => x !== undefined).join(' · ');
}
