// CPU time of the bench's processes from /proc (Linux): the API server, every process of the bench's PostgreSQL
// cluster and the bench itself. CPU per request decides throughput on a quiet machine and is far less noisy than
// wall time on a loaded one (issue 14). Where /proc is missing the figures are null.
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

/** Milliseconds of CPU (user + system) of the postmaster, its live children and its reaped ones. */
function clusterMs(postmaster) {
  const root = statOf(postmaster);
  if (!root) return null;
  let ticks = treeTicks(root);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === postmaster) continue;
    const fields = statOf(entry);
    if (fields && Number(fields[1]) === postmaster) ticks += ownTicks(fields);
  }
  return (ticks * 1000) / ticksPerSecond;
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
  const sampleOf = (serverPid) => {
    const own = process.cpuUsage();
    return { api: processMs(serverPid), pg: postmaster ? clusterMs(postmaster) : null, bench: (own.user + own.system) / 1000 };
  };
  /** Runs `measure` and adds to its figures the CPU milliseconds per request each process spent meanwhile. */
  return async (measure, serverPid = apiPid) => {
    const sample = () => sampleOf(serverPid);
    const before = sample();
    const result = await measure();
    const after = sample();
    const per = (key) => (before[key] === null || after[key] === null || !result.requests ? null : Math.round(((after[key] - before[key]) / result.requests) * 1000) / 1000);
    return { ...result, cpu: { api: per('api'), pg: per('pg'), bench: per('bench') } };
  };
}

/** Server + PostgreSQL + bench milliseconds of CPU per request: what the row costs the machine's cores. */
export const cpuTotal = (cpu) => (cpu && cpu.pg !== null ? Math.round(((cpu.api ?? 0) + cpu.pg + cpu.bench) * 1000) / 1000 : null);
