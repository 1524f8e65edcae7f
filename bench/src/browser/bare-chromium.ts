// Chromium driven over the DevTools protocol alone (chrome-remote-interface),
// for the times to a usable page. Playwright runs its own code in every page
// it drives, on every navigation (a second JavaScript world for its utility
// script, its init scripts, the bindings it exposes): measured here, 15-25 ms
// of the page's main thread in a 60 ms reload, which a user's browser does
// not spend. Driven bare, the page runs one script of ours besides its own:
// the watcher that reports when the awaited element first appears
// (watch-for.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import CDP from 'chrome-remote-interface';

import { ensureBrowser } from '../../../scripts/ensure-browser.mjs';
import { CHROMIUM_ARGS, PAGE_NAME_HELPER } from './bench-system';
import { nextReport, REPORT_BINDING, watchFor } from './watch-for';

/** Starts headless Chromium with a DevTools port of its choosing; answers its browser-level WebSocket URL. */
function startChromium(
  executable: string,
  userDataDir: string,
): { child: ChildProcess; endpoint: Promise<string> } {
  const child = spawn(
    executable,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools address in 30 s:\n${output}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`));
    });
  });
  return { child, endpoint };
}

/**
 * Launches bare Chromium. `timeLoads(url, selector, reloads)` opens `url` in a
 * fresh browser context, then reloads it `reloads` times, and answers the
 * time from each navigation's start to `selector` showing (ms).
 */
export interface BareChromium {
  timeLoads: (url: string, selector: string, reloads: number) => Promise<number[]>;
  close: () => Promise<void>;
}

export async function launchBareChromium(): Promise<BareChromium> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bare-chromium-'));
  const { child, endpoint } = startChromium(await ensureBrowser(), userDataDir);
  const client = await CDP({ target: await endpoint, local: true });

  async function timeLoads(url: string, selector: string, reloads: number): Promise<number[]> {
    const { browserContextId } = await client.send('Target.createBrowserContext');
    const { targetId } = await client.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await client.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method: string, params: object = {}) => client.send(method, params, sessionId);
    const nextSeen = async () => {
      const { seenAt } = await nextReport(
        (deliver) =>
          client.once(`Runtime.bindingCalled.${sessionId}`, ({ payload }) => deliver(payload)),
        () => `${url} (${selector})`,
      );
      return seenAt;
    };
    // Let the page finish what it started after the element showed.
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
    try {
      await send('Page.enable');
      await send('Runtime.addBinding', { name: REPORT_BINDING });
      await send('Runtime.enable');
      await send('Page.addScriptToEvaluateOnNewDocument', {
        source: `${PAGE_NAME_HELPER} (${watchFor})(${JSON.stringify(selector)})`,
      });
      const times: number[] = [];
      let seen = nextSeen();
      await send('Page.navigate', { url });
      times.push(await seen);
      for (let reload = 0; reload < reloads; reload += 1) {
        await settle();
        seen = nextSeen();
        await send('Page.reload');
        times.push(await seen);
      }
      return times;
    } finally {
      await client.send('Target.disposeBrowserContext', { browserContextId });
    }
  }

  async function close(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    // Closed over the protocol, Chromium ends its renderer and helper
    // processes before it exits, so none still writes into the profile
    // removed below (a SIGKILL left them writing: ENOTEMPTY); killed only if
    // it has not exited in 5 s.
    await client.send('Browser.close').catch(() => undefined);
    await client.close().catch(() => undefined);
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(kill);
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }

  return { timeLoads, close };
}
