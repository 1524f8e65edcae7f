// A client that sends its headers, or part of them, and then nothing more
// must not hold a socket of the panel's servers for ever (issue 28, item 6).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

interface Started {
  port: number;
  requestTimeout: number;
  headersTimeout: number;
  keepAliveTimeout: number;
  timeout: number;
}

const children: ChildProcess[] = [];
jest.setTimeout(15_000);

async function startServer(timeouts?: object): Promise<Started> {
  const args = ['--import', 'tsx', path.join(__dirname, 'stalled-server.ts')];
  if (timeouts) args.push(JSON.stringify(timeouts));
  const child = spawn('node', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return JSON.parse(line) as Started;
}

afterAll(() => {
  for (const child of children) child.kill();
});

/** Sends `text` and then nothing; resolves with how long the socket stayed open. */
function stall(port: number, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.resume(); // read what comes, so the server's close is seen
    socket.on('close', () => resolve(Date.now() - started));
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a stalled socket open for 10 s'));
    }, 10_000).unref();
  });
}

describe("the panel's servers time out stalled clients", () => {
  const SHORT = {
    requestMs: 1_000,
    headersMs: 600,
    idleMs: 400,
    keepAliveMs: 400,
    connectionsCheckingIntervalMs: 100,
  };
  let port: number;
  beforeAll(async () => {
    ({ port } = await startServer(SHORT));
  }, 20_000);

  it('closes a request whose headers never end', async () => {
    expect(await stall(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')).toBeLessThan(5_000);
  });

  it('closes a proxied upload whose body stalls', async () => {
    const openMs = await stall(
      port,
      'POST /api/v0/shops/register/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nname=',
    );
    expect(openMs).toBeLessThan(5_000);
  });

  it('closes an idle keep-alive socket', async () => {
    expect(await stall(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toBeLessThan(5_000);
  });

  it('runs with every limit set by default', async () => {
    const started = await startServer();
    expect(started.requestTimeout).toBe(60_000);
    expect(started.headersTimeout).toBe(15_000);
    expect(started.keepAliveTimeout).toBe(5_000);
    expect(started.timeout).toBe(30_000);
  }, 20_000);
});
