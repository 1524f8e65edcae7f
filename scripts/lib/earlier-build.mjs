// An earlier commit of this project, installed and built beside it, so a
// benchmark can measure it in the same run as the current build: a figure
// from another day or another machine is no baseline (the same build's cold
// login page took 208 ms on one machine here and 640 ms on another).
// The copy is kept in the system's temporary folder and reused by later runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ROOT } from './apps.mjs';
import { run } from './bench-system.mjs';

/** `git archive <commit>` unpacked into `dir` (the files of that commit, no repository). */
function unpack(commit, dir) {
  return new Promise((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'inherit'] });
    let errors = '';
    archive.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    archive.stdout.pipe(tar.stdin);
    archive.on('error', reject);
    tar.on('error', reject);
    tar.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`git archive ${commit} could not be unpacked: ${errors.trim() || code}`),
          ),
    );
  });
}

/**
 * The folder of `commit` with its dependencies installed (`npm ci` from its
 * own lock) and every app built; prepared once (a few minutes), then reused.
 * Rejects when the commit is not in this clone or does not install or build.
 */
export async function prepareEarlierBuild(commit) {
  const dir = path.join(tmpdir(), `panel-earlier-build-${commit}`);
  const ready = path.join(dir, '.prepared');
  if (existsSync(ready)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`Preparing ${commit} in ${dir} (npm ci and a build, once) …`);
  try {
    await unpack(commit, dir);
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], process.env, dir);
    await run(process.execPath, ['scripts/build-all.mjs'], process.env, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  return dir;
}
