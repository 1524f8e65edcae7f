import Fastify from 'fastify';

import { verifyToken } from '../../../api/src/lib/jwt';

/**
 * The benchmark's fixed baseline: a minimal Fastify route that checks the
 * token's HMAC signature and nothing else (no database), in a process of
 * its own. BENCH_SECRET and BENCH_PORT come from the benchmark.
 */
async function main(): Promise<void> {
  const secret = process.env.BENCH_SECRET ?? '';
  const app = Fastify({ logger: false });
  app.get('/noop', async (request, reply) => {
    const match = /^JWT\s+(\S+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !verifyToken(match[1], secret))
      return reply.status(401).send({ error: 'Invalid token.' });
    return { ok: true };
  });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
