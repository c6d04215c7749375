// Two chart shapes, drawn as plain SVG text: grouped vertical bars (groups on the x axis, one bar per series) and
// horizontal bars (one per labelled row, rows grouped under headings). No dependencies; fixed palette and fonts.

const palette = ['#8c8c8c', '#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#76b7b2', '#edc948'];
const font = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';

const escape = (text) => String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function niceMax(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * power).find((m) => m >= value);
}

const format = (value) => (value === 0 ? '0' : value >= 100 ? Math.round(value).toLocaleString('en-US') : value >= 10 ? value.toFixed(1) : value.toFixed(2));

/**
 * Grouped vertical bars. groups: [{ label, values: [number|null per series] }]; series: names; reference: a y value
 * drawn as a dashed line (1.00 for ratios).
 */
export function groupedBars({ title, subtitle, yLabel, groups, series, reference, valueSuffix = '' }) {
  const width = 860;
  const height = 420;
  const left = 70;
  const right = 20;
  const top = 70;
  const bottom = 90;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const max = niceMax(Math.max(...groups.flatMap((g) => g.values.filter((v) => v != null)), reference ?? 0));
  const y = (v) => top + plotHeight - (v / max) * plotHeight;
  const groupWidth = plotWidth / groups.length;
  const barWidth = Math.min(28, (groupWidth - 16) / series.length);
  const parts = [];
  for (let i = 0; i <= 5; i++) {
    const v = (max / 5) * i;
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#555">${format(v)}${valueSuffix}</text>`);
  }
  groups.forEach((group, gi) => {
    const x0 = left + gi * groupWidth + (groupWidth - barWidth * series.length) / 2;
    group.values.forEach((v, si) => {
      if (v == null) return;
      const x = x0 + si * barWidth;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(top + plotHeight - y(v)).toFixed(1)}" fill="${palette[si % palette.length]}"><title>${escape(series[si])}, ${escape(group.label)}: ${format(v)}${valueSuffix}</title></rect>`);
      parts.push(`<text x="${(x + barWidth / 2 - 1).toFixed(1)}" y="${(y(v) - 3).toFixed(1)}" text-anchor="middle" font-size="9" fill="#333">${format(v)}</text>`);
    });
    parts.push(`<text x="${(left + gi * groupWidth + groupWidth / 2).toFixed(1)}" y="${top + plotHeight + 18}" text-anchor="middle" font-size="12" fill="#222">${escape(group.label)}</text>`);
  });
  if (reference != null) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(reference)}" y2="${y(reference)}" stroke="#222" stroke-dasharray="5 4"/>`);
  }
  const legendY = height - 40;
  let legendX = left;
  series.forEach((name, si) => {
    parts.push(`<rect x="${legendX}" y="${legendY}" width="12" height="12" fill="${palette[si % palette.length]}"/>`);
    parts.push(`<text x="${legendX + 16}" y="${legendY + 10}" font-size="11" fill="#222">${escape(name)}</text>`);
    legendX += 24 + name.length * 6.6;
  });
  return frame(width, height, title, subtitle, [
    `<text x="16" y="${top + plotHeight / 2}" transform="rotate(-90 16 ${top + plotHeight / 2})" text-anchor="middle" font-size="11" fill="#555">${escape(yLabel)}</text>`,
    ...parts,
  ]);
}

/** Horizontal bars. sections: [{ heading, rows: [{ label, value, note }] }]. */
export function horizontalBars({ title, subtitle, sections, valueLabel }) {
  const width = 860;
  const labelWidth = 380;
  const right = 120;
  const rowHeight = 22;
  const top = 64;
  const rows = sections.reduce((n, s) => n + s.rows.length + 1, 0);
  const height = top + rows * rowHeight + 40;
  const max = niceMax(Math.max(...sections.flatMap((s) => s.rows.map((r) => r.value))));
  const plotWidth = width - labelWidth - right;
  const parts = [];
  let at = top;
  sections.forEach((section, si) => {
    parts.push(`<text x="12" y="${at + 15}" font-size="12" font-weight="600" fill="#222">${escape(section.heading)}</text>`);
    at += rowHeight;
    section.rows.forEach((row) => {
      const barLength = (row.value / max) * plotWidth;
      parts.push(`<text x="${labelWidth - 8}" y="${at + 15}" text-anchor="end" font-size="11" fill="#333">${escape(row.label)}</text>`);
      parts.push(`<rect x="${labelWidth}" y="${at + 4}" width="${barLength.toFixed(1)}" height="${rowHeight - 8}" fill="${palette[(si + 1) % palette.length]}"><title>${escape(row.label)}: ${format(row.value)}</title></rect>`);
      parts.push(`<text x="${(labelWidth + barLength + 6).toFixed(1)}" y="${at + 15}" font-size="11" fill="#222">${format(row.value)}${row.note ? ` (${escape(row.note)})` : ''}</text>`);
      at += rowHeight;
    });
  });
  parts.push(`<text x="${labelWidth}" y="${height - 14}" font-size="11" fill="#555">${escape(valueLabel)}</text>`);
  return frame(width, height, title, subtitle, parts);
}

function frame(width, height, title, subtitle, parts) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${font}>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="12" y="24" font-size="16" font-weight="600" fill="#111">${escape(title)}</text>`,
    `<text x="12" y="44" font-size="11" fill="#555">${escape(subtitle)}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
