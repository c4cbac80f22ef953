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
/** The console targets: medians over the loads, on the machine the bench runs on. */
const TARGETS = { perPage250: 200, selectAll: 150 };
const PHASES = ['sign-in form', 'login to My Products', 'licences'];
/** How many component names the breakdown per interaction lists. */
const TOP_COMPONENTS = 8;
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
      const names = new Set(loads.flatMap((load) => Object.keys(load.interactions[key].renders ?? {})));
      const byComponent = Object.fromEntries(
        [...names].map((name) => [name, of((it) => it.renders?.[name] ?? 0).median]).sort((a, b) => b[1] - a[1]),
      );
      return [
        key,
        {
          ms: of((it) => it.ms),
          eventTiming: of((it) => it.eventTiming),
          total: of((it) => it.total),
          commits: of((it) => it.commits),
          rows,
          byComponent,
        },
      ];
    }),
  );
  const pages = stats(loads.map((load) => load.lastPage));
  return { figures, interactions, listRows: pages && pages.median * 250 };
}

/** 'PASS' or 'MISS' for a figure with a target (its median), '' for the others. */
export function verdict(key, figure) {
  const target = TARGETS[key];
  if (target === undefined || !figure) return '';
  return `≤ ${target} ms ${figure.median <= target ? 'PASS' : 'MISS'}`;
}

export function markdown({ summary, loads, load, at, baseline }) {
  const cell = (s, unit = '') =>
    s ? `${fmt(s.median)}${unit} | ${fmt(s.min)}${unit} | ${fmt(s.max)}${unit}` : ' | | ';
  const before = baseline && summarize(baseline.loads);
  const beside = (now, then) => (before ? `${fmt(then)} → ${fmt(now)}` : fmt(now));
  const lines = [
    `Console bench, ${loads.length} cold loads, ${at}, load average ${load.join(' / ')}; the big list holds ${fmt(summary.listRows)} licences (pages of 250 × 250)`,
    '',
    '| Figure | median | min | max | target (median) |',
    '|---|---:|---:|---:|---|',
    ...FIGURES.map(
      ([key, label, unit]) =>
        `| ${label} | ${cell(summary.figures[key], ` ${unit}`)} | ${verdict(key, summary.figures[key])} |`,
    ),
    `| first open of the licences at 250/page (click Licenses + choose 250) | ${cell(summary.figures.openAt250, ' ms')} | |`,
    `| JS transferred (encoded bytes, whole load) | ${cell(kb(summary.figures.jsBytes), ' KB')} | |`,
    `| JS requests (whole load) | ${cell(summary.figures.jsRequests)} | |`,
    ...PHASES.map(
      (phase) =>
        `| JS of ${phase} (${fmt(summary.figures[`requests ${phase}`].median)} requests) | ${cell(kb(summary.figures[`js ${phase}`]), ' KB')} | |`,
    ),
    '',
    before
      ? `Component counts: baseline (${baseline.at}, load average ${baseline.loadAverage.join(' / ')}) → this run.`
      : '',
    '',
    '| Interaction on the 250-row licence list | TableRow renders | TableRowCells renders | components rendered | commits | click → painted ms | Event Timing ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...INTERACTIONS.map(([key, label]) => {
      const it = summary.interactions[key];
      const then = before?.interactions[key];
      return (
        `| ${label} | ${beside(it.rows.TableRow?.median, then?.rows.TableRow?.median)} | ${beside(it.rows.TableRowCells?.median, then?.rows.TableRowCells?.median)} | ` +
        `${beside(it.total?.median, then?.total?.median)} | ${beside(it.commits?.median, then?.commits?.median)} | ${beside(it.ms?.median, then?.ms?.median)} | ${fmt(it.eventTiming?.median)} |`
      );
    }),
    '',
    'Interaction rows are medians over the loads; render counts are per interaction (every commit until 300 ms without one).',
    '',
    `Components rendered most per interaction (top ${TOP_COMPONENTS}, medians${before ? '; baseline → this run' : ''}):`,
    '',
    ...INTERACTIONS.map(([key, label]) => {
      const now = summary.interactions[key].byComponent;
      const then = before?.interactions[key].byComponent ?? {};
      const top = Object.entries(now).slice(0, TOP_COMPONENTS);
      const thenTop = Object.entries(then).slice(0, TOP_COMPONENTS);
      const list = (entries) => entries.map(([name, count]) => `${name} ${fmt(count)}`).join(', ');
      return before ? `- ${label}: before ${list(thenTop)}; after ${list(top)}` : `- ${label}: ${list(top)}`;
    }),
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
const fmt = (value) =>
  value === undefined || value === null ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(1);
