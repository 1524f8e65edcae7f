import http from 'node:http';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx, and requests that failed outright. */
  errors: number;
  /** Body bytes received per answer, on average (compressed when the server compressed). */
  bytes: number;
  /** Every request's latency in ms, sorted: rows measured in rounds pool them. */
  latencies: number[];
  /** Seconds the load ran. */
  elapsed: number;
}

export interface LoadOptions {
  /** Base URLs (http://127.0.0.1:port); connections are spread over them in turn, as a load balancer would. */
  targets: string[];
  path: string;
  /** The caller's token, or each connection's (the connection's index given). */
  token: string | ((connection: number) => string);
  connections: number;
  seconds: number;
  /** A POST body per request (a write call; the connection's index given), or none for a GET. */
  body?: (connection: number) => string;
  /** Each request carries an Idempotency-Key of its own, as the panel's calls that create something do. */
  idempotent?: boolean;
}

let loads = 0;

function once(
  agent: http.Agent,
  base: URL,
  path: string,
  token: string,
  body?: string,
  idempotencyKey?: string,
): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `JWT ${token}`,
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
        },
      },
      (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        response.on('end', () => resolve([response.statusCode ?? 0, size]));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A closed-loop load: `connections` keep-alive connections, each sending its
 * next request when the previous answer is complete, for `seconds`.
 * Latencies are per request, from send to the last byte.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agents = options.targets.map(
    () => new http.Agent({ keepAlive: true, maxSockets: options.connections }),
  );
  const bases = options.targets.map((t) => new URL(t));
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const end = Date.now() + options.seconds * 1000;
  // Keys unique across the loads of one bench process (and its earlier runs on the same database).
  const keyPrefix = `bench-${process.pid}-${Date.now()}-${(loads += 1)}`;
  let sent = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      const at = i % bases.length;
      while (Date.now() < end) {
        const t = process.hrtime.bigint();
        try {
          const [status, size] = await once(
            agents[at] as http.Agent,
            bases[at] as URL,
            options.path,
            typeof options.token === 'string' ? options.token : options.token(i),
            options.body?.(i),
            options.idempotent ? `${keyPrefix}-${(sent += 1)}` : undefined,
          );
          if (status < 200 || status > 299) errors += 1;
          bytes += size;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  for (const agent of agents) agent.destroy();
  return summarise(latencies, elapsed, errors, bytes);
}

function summarise(
  latencies: number[],
  elapsed: number,
  errors: number,
  bytes: number,
): LoadResult {
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pick(0.5),
    p99: pick(0.99),
    errors,
    bytes: latencies.length ? bytes / latencies.length : 0,
    latencies,
    elapsed,
  };
}

/** Loads run in rounds as one: their latencies pooled, their throughput over their summed time. */
export function pooled(results: LoadResult[]): LoadResult {
  return summarise(
    results.flatMap((r) => r.latencies),
    results.reduce((sum, r) => sum + r.elapsed, 0),
    results.reduce((sum, r) => sum + r.errors, 0),
    results.reduce((sum, r) => sum + r.bytes * r.requests, 0),
  );
}
