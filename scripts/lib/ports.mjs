// Checks, before anything is built or started, that every port the panel
// needs can be used: a number, not one that browsers and Node's fetch refuse
// to open (6000, 6665-6669 and the rest of the Fetch standard's list), and
// free on HOST. `npm start` says at once which one failed.
import net from 'node:net';

/** Whether Node's fetch refuses to open `port` at all (it never connects to find out). */
async function isRefusedByBrowsers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch (error) {
    return error?.cause?.message === 'bad port';
  }
}

/** Why `port` cannot be listened on at `host`, or null when it can. */
function listenProblem(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => resolve(error.code ?? error.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

const REASONS = {
  EADDRINUSE: 'is already in use by another program',
  EACCES: 'may not be opened by this user',
  EADDRNOTAVAIL: 'is not available on this host',
};

/**
 * The problems of `ports` ({ port, what } each, `what` naming the app and its
 * setting), one sentence each; empty when all can be used.
 */
export async function portProblems(ports, host) {
  const problems = [];
  const seen = new Map();
  for (const { port, what } of ports) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push(`Port ${port} (${what}) is not a port number from 1 to 65535.`);
      continue;
    }
    if (seen.has(port)) {
      problems.push(`Port ${port} is wanted by both ${seen.get(port)} and ${what}.`);
      continue;
    }
    seen.set(port, what);
    // Listened on first: a free port answers the fetch below at once (refused).
    const problem = await listenProblem(port, host);
    if (problem) {
      const reason = REASONS[problem] ?? `cannot be listened on (${problem})`;
      problems.push(`Port ${port} (${what}) on ${host} ${reason}.`);
    } else if (await isRefusedByBrowsers(port)) {
      problems.push(`Port ${port} (${what}) is one that browsers refuse to open; choose another.`);
    }
  }
  return problems;
}
