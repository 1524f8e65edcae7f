// An earlier commit of this project, installed and built beside it, so a
// benchmark can measure it in the same run as the current build: a figure
// from another day or another machine is no baseline (the same build's cold
// login page took 208 ms on one machine here and 640 ms on another).
// The copy is kept in the system's temporary folder and reused by later runs.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { run } from '../browser/bench-system';

/**
 * The folder of `commit` with its dependencies installed (`npm ci` from its
 * own lock) and every app built; prepared once (a few minutes), then reused.
 * Rejects when the commit is not in this clone or does not install or build.
 */
export async function prepareEarlierBuild(commit: string): Promise<string> {
  const dir = path.join(tmpdir(), `panel-earlier-build-${commit}`);
  const ready = path.join(dir, '.prepared');
  if (existsSync(ready)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`Preparing ${commit} in ${dir} (npm ci and a build, once) …`);
  try {
    // The files of that commit, without a repository (the archive inside the
    // folder, so a failure below removes it with the folder).
    const archive = path.join(dir, '.archive.tar');
    await run('git', ['archive', '--format=tar', `--output=${archive}`, commit], process.env);
    await run('tar', ['-xf', archive, '-C', dir], process.env);
    rmSync(archive, { force: true });
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], process.env, dir);
    await run(process.execPath, ['scripts/build-all.mjs'], process.env, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  return dir;
}
