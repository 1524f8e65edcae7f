import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createMailer } from '../mailer';

/*
 * Without SMTP a mail is written to the outbox folder, aside first and then
 * renamed, so a reader never finds half a mail. A mail that cannot be
 * written fails its sender and leaves nothing behind.
 */
const message = {
  to: 'ada@shop.test',
  subject: 'Reset',
  text: 'Code 123456',
  html: '<p>Code 123456</p>',
};
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'panel-outbox-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

it('writes a mail to the outbox as one whole file', async () => {
  await createMailer({ smtpUrl: null, outboxDir: dir, log: () => {} }).send(message);
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.json$/);
});

it('leaves no half-written mail behind when the outbox cannot take it', async () => {
  // The disk fills between the write and the rename.
  jest
    .spyOn(fsPromises, 'rename')
    .mockRejectedValueOnce(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
  const mailer = createMailer({ smtpUrl: null, outboxDir: dir, log: () => {} });
  await expect(mailer.send(message)).rejects.toThrow('no space left on device');
  expect(readdirSync(dir)).toEqual([]);
});
