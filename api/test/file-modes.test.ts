import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { resetCodeMail } from '../src/lib/mail-texts';
import { createMailer } from '../src/lib/mailer';

/**
 * Issue 28, item 11: panel.sqlite and the outbox mails (reset codes in clear)
 * were 0644, readable by every user of the machine. Made in a fresh DATA_DIR,
 * each is its user's alone, as the secrets already were.
 */
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'panel-modes-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Reads the outbox's mails in a loop until its stdin ends; prints those it could not parse. */
const OUTBOX_READER = `
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[1];
const torn = new Set();
let reading = true;
process.stdin.on('end', () => (reading = false)).resume();
const loop = () => {
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    try { JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')); } catch { torn.add(name); }
  }
  if (reading) setImmediate(loop);
  else process.stdout.write(JSON.stringify({ torn: [...torn] }));
};
loop();
`;

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('files the API writes', () => {
  it('creates the SQLite database and its -wal and -shm files 0600, in a 0700 folder', async () => {
    const file = path.join(root, 'data', 'panel.sqlite');
    const { db, kind } = connect(`sqlite:${file}`);
    try {
      await migrateToLatest(db, kind);
      expect(modeOf(path.dirname(file))).toBe('700');
      for (const suffix of ['', '-wal', '-shm']) {
        expect({ file: suffix || 'db', mode: modeOf(file + suffix) }).toEqual({
          file: suffix || 'db',
          mode: '600',
        });
      }
    } finally {
      await db.destroy();
    }
  });

  it('narrows a database file left 0644 from before to 0600', async () => {
    const file = path.join(root, 'panel.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    const { db } = connect(`sqlite:${file}`);
    try {
      expect(modeOf(file)).toBe('600');
    } finally {
      await db.destroy();
    }
  });

  it('writes outbox mails 0600 in a 0700 folder', async () => {
    const outboxDir = path.join(root, 'data', 'outbox');
    const mailer = createMailer({ smtpUrl: null, outboxDir, log: () => {} });
    await mailer.send(resetCodeMail('a@test.dev', '123456'));
    const [mail] = await readdir(outboxDir);
    expect(modeOf(outboxDir)).toBe('700');
    expect(modeOf(path.join(outboxDir, mail as string))).toBe('600');
  });

  it('never shows a reader of the outbox a mail half written', async () => {
    const outboxDir = path.join(root, 'data', 'outbox');
    const mailer = createMailer({ smtpUrl: null, outboxDir, log: () => {} });
    await mailer.send(resetCodeMail('first@test.dev', '123456'));
    // Another process reads every mail it sees, as the browser tests do,
    // until told to stop; it prints the mails it found torn.
    const reader = spawn(process.execPath, ['-e', OUTBOX_READER, outboxDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    reader.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = new Promise((resolve) => reader.on('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 300; i += 1) await mailer.send(resetCodeMail(`m${i}@test.dev`, '123456'));
    reader.stdin.end();
    await ended;
    expect(JSON.parse(out)).toEqual({ torn: [] });
    const names = await readdir(outboxDir);
    expect(names.filter((name) => name.endsWith('.json'))).toHaveLength(301);
    expect(names.filter((name) => !name.endsWith('.json'))).toEqual([]);
  });

  it('creates DATA_DIR 0700 with its secrets 0600', () => {
    const dataDir = path.join(root, 'fresh');
    loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe('600');
    expect(modeOf(path.join(dataDir, 'release-controller-token'))).toBe('600');
  });
});
