// One release step at a time: every command that changes deploy/ (release,
// promote, rollback, the release controller's tick) holds deploy/.release.lock,
// created with O_EXCL, so of two running at once one wins and the other is
// told who holds it. A lock left by a process that no longer exists is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** What the lock file says of its holder; a half-written one says nothing. */
export interface LockHolder {
  pid?: number;
  command?: string;
  at?: string;
}

export class LockBusyError extends Error {
  readonly holder: LockHolder;

  constructor(holder: LockHolder) {
    super(
      `another release step is running (${holder.command ?? 'unknown'}, pid ${holder.pid ?? '?'}, since ${holder.at ?? '?'}); try again when it has finished`,
    );
    this.holder = holder;
  }
}

function isAlive(pid: number | undefined): boolean {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return {};
  }
}

/** Takes the lock or throws LockBusyError; returns the function that releases it. */
export function acquireLock(dir: string, command: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.release.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, command, at: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // A holder still writing its line has no pid yet: it is alive.
      if (holder.pid === undefined || isAlive(holder.pid)) throw new LockBusyError(holder);
      try {
        // Only the stale holder's file: another process may have replaced it meanwhile.
        if (readHolder(file).pid === holder.pid) unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new LockBusyError(readHolder(file));
}
