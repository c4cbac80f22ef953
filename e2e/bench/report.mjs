// Median/min/max of each figure over the cold loads, as a markdown table.
import { ROW_COMPONENTS } from './cold-load.mjs';

const FIGURES = [
  ['signInForm', 'navigation → sign-in form usable', 'ms'],
  ['loginToFirstRow', 'submit login → first row of My Products', 'ms'],
  ['openLicences', 'click Licenses → first licence row (25/page)', 'ms'],
  ['perPage250', 'choose 250 per page → 250 rows rendered', 'ms'],
  ['selectAll', 'click Select All → all 250 row checkboxes checked', 'ms'],
  ['reopenAt250', 'reopen licences at the remembered 250/page → 250 rows rendered', 'ms'],
];
const PHASES = ['sign-in form', 'login to My Products', 'licences'];
const INTERACTIONS = [
  ['show250', 'show 250 rows (choose 250/page; mounts them)'],
  ['selectAll', 'select all (250 rows)'],
  ['deselectAll', 'deselect all'],
  ['tickOneRow', 'tick one row'],
];

export function summarize(loads) {
  const figures = Object.fromEntries(FIGURES.map(([key]) => [key, stats(loads.map((load) => load.figures[key]))]));
  figures.openAt250 = stats(loads.map((load) => load.figures.openLicences + load.figures.perPage250));
  figures.jsBytes = stats(loads.map((load) => load.scripts.bytes));
  figures.jsRequests = stats(loads.map((load) => load.scripts.requests));
  for (const phase of PHASES) {
    figures[`js ${phase}`] = stats(loads.map((load) => load.scripts.byPhase[phase]?.bytes ?? 0));
    figures[`requests ${phase}`] = stats(loads.map((load) => load.scripts.byPhase[phase]?.requests ?? 0));
  }
  const interactions = Object.fromEntries(
    INTERACTIONS.map(([key]) => {
      const of = (pick) => stats(loads.map((load) => pick(load.interactions[key])));
      const rows = Object.fromEntries(ROW_COMPONENTS.map((name) => [name, of((it) => it.rows[name])]));
      return [key, { ms: of((it) => it.ms), eventTiming: of((it) => it.eventTiming), total: of((it) => it.total), commits: of((it) => it.commits), rows }];
    }),
  );
  return { figures, interactions };
}

export function markdown({ summary, loads, load, at }) {
  const cell = (s, unit = '') => (s ? `${fmt(s.median)}${unit} | ${fmt(s.min)}${unit} | ${fmt(s.max)}${unit}` : ' | | ');
  const lines = [
    `Console bench, ${loads.length} cold loads, ${at}, load average ${load.join(' / ')}`,
    '',
    '| Figure | median | min | max |',
    '|---|---:|---:|---:|',
    ...FIGURES.map(([key, label, unit]) => `| ${label} | ${cell(summary.figures[key], ` ${unit}`)} |`),
    `| first open of the licences at 250/page (click Licenses + choose 250) | ${cell(summary.figures.openAt250, ' ms')} |`,
    `| JS transferred (encoded bytes, whole load) | ${cell(kb(summary.figures.jsBytes), ' KB')} |`,
    `| JS requests (whole load) | ${cell(summary.figures.jsRequests)} |`,
    ...PHASES.map((phase) => `| JS of ${phase} (${fmt(summary.figures[`requests ${phase}`].median)} requests) | ${cell(kb(summary.figures[`js ${phase}`]), ' KB')} |`),
    '',
    '| Interaction on the 250-row licence list | TableRow renders | TableRowCells renders | components rendered | commits | click → painted ms | Event Timing ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...INTERACTIONS.map(([key, label]) => {
      const it = summary.interactions[key];
      return `| ${label} | ${fmt(it.rows.TableRow?.median)} | ${fmt(it.rows.TableRowCells?.median)} | ${fmt(it.total?.median)} | ${fmt(it.commits?.median)} | ${fmt(it.ms?.median)} | ${fmt(it.eventTiming?.median)} |`;
    }),
    '',
    'Interaction rows are medians over the loads; render counts are per interaction (every commit until 300 ms without one).',
  ];
  return lines.join('\n');
}

function stats(values) {
  const known = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  const middle = Math.floor(known.length / 2);
  const median = known.length % 2 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
  return { median, min: known[0], max: known.at(-1), values };
}

const kb = (s) => s && { median: s.median / 1024, min: s.min / 1024, max: s.max / 1024 };
const fmt = (value) => (value === undefined || value === null ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(1));
