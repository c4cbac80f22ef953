// CPU time of the bench's processes from /proc (Linux): the API server, every process of the bench's PostgreSQL
// cluster and the bench itself. CPU per request decides throughput on a quiet machine and is far less noisy than
// wall time on a loaded one. Where /proc is missing the figures are null.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is field 3, the state. */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const ownTicks = (fields) => Number(fields[11]) + Number(fields[12]);
/** Own time plus that of reaped children: a backend that exits during a row stays counted in its postmaster. */
const treeTicks = (fields) => ownTicks(fields) + Number(fields[13]) + Number(fields[14]);

function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** A backend serving a connection ("postgres: user db host(port) ..."), not a background process. */
function isClientBackend(pid) {
  try {
    return /\(\d+\)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Ticks of CPU (user + system) of the whole cluster (the postmaster, its live and its reaped children), and of each
 * live connection backend by pid.
 */
function clusterTicks(postmaster) {
  const root = statOf(postmaster);
  if (!root) return undefined;
  let all = treeTicks(root);
  const backends = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === postmaster) continue;
    const fields = statOf(entry);
    if (!fields || Number(fields[1]) !== postmaster) continue;
    all += ownTicks(fields);
    if (isClientBackend(entry)) backends.set(entry, ownTicks(fields));
  }
  return { all, backends };
}

/**
 * Milliseconds of the connection backends between two samples (one that ended meanwhile counts with the rest:
 * its time went to its postmaster's reaped children), and of the rest: background processes (autovacuum,
 * WAL writer, checkpointer). Background work is split off because it lags: autovacuum after a row of writes
 * lands in the next row's figures.
 */
function clusterDelta(before, after) {
  if (!before || !after) return { pg: null, pgBackground: null };
  let backends = 0;
  // A backend started during the row counts all its time; one that ended counts with the rest.
  for (const [pid, ticks] of after.backends) backends += ticks - (before.backends.get(pid) ?? 0);
  const ms = (ticks) => (ticks * 1000) / ticksPerSecond;
  return { pg: ms(backends), pgBackground: ms(after.all - before.all - backends) };
}

function processMs(pid) {
  const fields = pid ? statOf(pid) : undefined;
  return fields ? (ownTicks(fields) * 1000) / ticksPerSecond : null;
}

/**
 * Samples the CPU of the server (the API's `apiPid`, or another server's pid given per row), of the cluster in
 * `dataDir` and of this bench process.
 */
export function cpuMeter({ apiPid, dataDir }) {
  const postmaster = postmasterPid(dataDir);
  const sample = (serverPid) => {
    const own = process.cpuUsage();
    return {
      api: processMs(serverPid),
      cluster: postmaster ? clusterTicks(postmaster) : undefined,
      bench: (own.user + own.system) / 1000,
    };
  };
  /** Runs `measure` and adds to its figures the CPU milliseconds per request each process spent meanwhile. */
  return async (measure, serverPid = apiPid) => {
    const before = sample(serverPid);
    const result = await measure();
    const after = sample(serverPid);
    const per = (ms) => (ms === null || !result.requests ? null : Math.round((ms / result.requests) * 1000) / 1000);
    const delta = (key) => (before[key] === null || after[key] === null ? null : after[key] - before[key]);
    const { pg, pgBackground } = clusterDelta(before.cluster, after.cluster);
    return {
      ...result,
      cpu: { api: per(delta('api')), pg: per(pg), pgBackground: per(pgBackground), bench: per(delta('bench')) },
    };
  };
}

/** Server + PostgreSQL (backends and background) + bench milliseconds of CPU per request: what the row costs the machine's cores. */
export const cpuTotal = (cpu) =>
  cpu && cpu.pg !== null
    ? Math.round(((cpu.api ?? 0) + cpu.pg + (cpu.pgBackground ?? 0) + cpu.bench) * 1000) / 1000
    : null;
