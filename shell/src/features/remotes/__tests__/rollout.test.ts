import { loginAs } from '@panel/shared/testing';

import { parseRemotesManifest, type RemoteEntry } from '../remote-manifest';
import { chooseRelease, hashToPercent, rolloutKey } from '../rollout-bucket';

const entry: RemoteEntry = {
  package: 'mfe-qr',
  url: 'http://x/1.0.0/mf-manifest.json',
  version: '1.0.0',
  roles: ['provider'],
  canary: { url: 'http://x/2.0.0/mf-manifest.json', version: '2.0.0', percent: 50 },
};

describe('rollout buckets', () => {
  // Published FNV-1a 32-bit test vectors: a change to the hash would move every
  // user to another bucket, and so to another version, between two visits.
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j into the bucket its FNV-1a value gives', (text, fnv1a) => {
    expect(hashToPercent(text)).toBe(fnv1a % 100);
  });

  it('spreads keys evenly enough that a 50 % canary gets about half the users', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `shop:${i}`);
    const canary = keys.filter((key) => chooseRelease('mfe_qr', entry, key).version === '2.0.0');
    expect(canary.length).toBeGreaterThan(850);
    expect(canary.length).toBeLessThan(1150);
  });

  it('serves everyone the stable version at 0 % and the canary at 100 %', () => {
    const none = { ...entry, canary: { ...entry.canary!, percent: 0 } };
    const all = { ...entry, canary: { ...entry.canary!, percent: 100 } };
    for (let i = 0; i < 50; i += 1) {
      expect(chooseRelease('mfe_qr', none, `k${i}`).version).toBe('1.0.0');
      expect(chooseRelease('mfe_qr', all, `k${i}`).version).toBe('2.0.0');
    }
  });

  it('uses the shop id when a shop is logged in, else a stored anonymous id', () => {
    const anonymous = rolloutKey();
    expect(anonymous).toMatch(/^anon:/);
    expect(rolloutKey()).toBe(anonymous);
    loginAs('shop', 42);
    expect(rolloutKey()).toBe('shop:42');
  });

  it('makes the anonymous id without crypto.randomUUID, which plain HTTP at a host name lacks', () => {
    const randomUUID = jest.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    try {
      localStorage.clear();
      expect(rolloutKey()).toMatch(/^anon:[0-9a-f]{32}$/);
    } finally {
      randomUUID.mockRestore();
    }
  });
});

describe('remotes.json', () => {
  it('accepts a valid manifest', () => {
    const manifest = parseRemotesManifest({ apiUrl: '', remotes: { mfe_qr: entry } });
    expect(manifest.remotes.mfe_qr?.canary?.percent).toBe(50);
  });

  it('carries the map tile settings, absent when the server sends none', () => {
    const tiles = {
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      mapTileAttribution: '&copy; Example',
    };
    expect(parseRemotesManifest({ remotes: {}, ...tiles })).toMatchObject(tiles);
    expect(parseRemotesManifest({ remotes: {} })).toMatchObject({
      mapTileUrl: undefined,
      mapTileAttribution: undefined,
    });
  });

  it.each([
    [null, 'no "remotes"'],
    [{ remotes: { a: { roles: [] } } }, 'needs a url'],
    [{ remotes: { a: { url: 'u', roles: ['root'] } } }, 'unknown role'],
    [
      { remotes: { a: { url: 'u', roles: ['shop'], canary: { url: 'c', percent: 120 } } } },
      'bad canary',
    ],
  ])('rejects %j with a clear message', (raw, message) => {
    expect(() => parseRemotesManifest(raw)).toThrow(message);
  });
});
