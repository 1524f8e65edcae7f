// `npm start` with a port it cannot use says at once which one, and starts
// nothing (issue 28, item 12): before, it waited 120 s and left the API
// running.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const START = path.join(__dirname, '..', 'start.mjs');
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-start-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s script with `env`; resolves with its exit code, output and time taken. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const began = Date.now();
    const child = spawn('node', [START], {
      env: { ...process.env, DATA_DIR: dataDir, DEPLOY_DIR: path.join(dataDir, 'deploy'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output, ms: Date.now() - began });
    });
  });
}

/** A port some other program holds for the length of `use`. */
async function withTakenPort<T>(body: (port: number) => Promise<T>): Promise<T> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    return await body((blocker.address() as net.AddressInfo).port);
  } finally {
    blocker.close();
  }
}

/** Whether anything answers on `port` (the API must not have been left running). */
function isListening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// The fixed ports sit below Linux's ephemeral range (32768-60999), so no
// server another test file opens on port 0 can be handed one of them.
describe('npm start with a port it cannot use', () => {
  it('names a port browsers refuse and starts nothing', async () => {
    const { code, output, ms } = await start({ PANEL_PORT: '6000', API_PORT: '29731' });
    expect(code).toBe(1);
    expect(output).toContain('Port 6000 (the shell, PANEL_PORT) is one that browsers refuse');
    expect(ms).toBeLessThan(15_000);
    expect(await isListening(29731)).toBe(false);
  }, 30_000);

  it("names the API's port when another program holds it", async () => {
    await withTakenPort(async (port) => {
      const { code, output } = await start({ PANEL_PORT: '29740', API_PORT: String(port) });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} (the API, API_PORT) on 127.0.0.1 is already in use`);
    });
  }, 30_000);

  it("names a remote's port when another program holds it", async () => {
    await withTakenPort(async (port) => {
      const { code, output } = await start({ PANEL_PORT: String(port - 3), API_PORT: '29732' });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} (mfe-requests, PANEL_PORT + 3)`);
      expect(await isListening(29732)).toBe(false);
    });
  }, 30_000);
});
