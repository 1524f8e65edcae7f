import { integrityPlugin } from '../integrity-plugin';
import { parseRemotesManifest, type RemotesManifest } from '../remote-manifest';
import { loadRemotePage, setRemotesManifest } from '../remote-registry';

const registerRemotes = jest.fn();
const registerPlugins = jest.fn();
const loadRemote = jest.fn(async () => ({ default: () => null }));

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
  registerPlugins: (...args: unknown[]) => registerPlugins(...args),
  loadRemote: (...args: unknown[]) => loadRemote(...(args as [])),
}));

const HASH = `sha384-${'A'.repeat(64)}`;
const OTHER = `sha384-${'B'.repeat(64)}`;
const URL_1 = 'http://localhost:3005/1.0.0/mf-manifest.json';

function manifest(entry: Partial<RemotesManifest['remotes'][string]>, requireIntegrity: boolean) {
  return parseRemotesManifest({
    requireIntegrity,
    remotes: {
      mfe_qr: { package: 'mfe-qr', url: URL_1, version: '1.0.0', roles: ['provider'], ...entry },
    },
  });
}

beforeEach(() => jest.clearAllMocks());

describe('integrity of remotes', () => {
  it('fails closed: in production a release without hashes is never registered', async () => {
    setRemotesManifest(manifest({}, true));
    await expect(loadRemotePage('mfe_qr', './QrPage', 'provider', 0)).rejects.toThrow(
      'mfe_qr 1.0.0 has no recorded integrity hash',
    );
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('registers the entry itself (no manifest round trip) and loads it with the hash from remotes.json', async () => {
    setRemotesManifest(manifest({ integrity: { manifest: HASH, entry: OTHER } }, true));
    await loadRemotePage('mfe_qr', './QrPage', 'provider', 1);
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_qr', entry: 'http://localhost:3005/1.0.0/remoteEntry.js', type: 'global' }],
      expect.anything(),
    );
    const plugin = integrityPlugin();
    const script = plugin.createScript?.({ url: 'http://localhost:3005/1.0.0/remoteEntry.js' });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect((script as HTMLScriptElement).integrity).toBe(OTHER);
    expect((script as HTMLScriptElement).crossOrigin).toBe('anonymous');
    // Files of other releases get no hash from here (their own entry carries them).
    expect(
      plugin.createScript?.({ url: 'http://localhost:3005/2.0.0/remoteEntry.js' }),
    ).toBeUndefined();
  });

  it("fetches the page's chunks listed in remotes.json with the entry, into the HTTP cache", async () => {
    const fetchSpy = jest.fn(async (_url: string) => new Response('chunk'));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    setRemotesManifest(
      manifest(
        {
          integrity: { manifest: HASH, entry: OTHER },
          pages: {
            './QrPage': [
              '389.0d46d08c90.js',
              '__federation_expose_QrPage.f62c35f22a.js',
              '__federation_expose_QrPage.0a1b2c3d4e.css',
            ],
          },
        },
        true,
      ),
    );
    await loadRemotePage('mfe_qr', './QrPage', 'provider', 1);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:3005/1.0.0/389.0d46d08c90.js',
      'http://localhost:3005/1.0.0/__federation_expose_QrPage.f62c35f22a.js',
      'http://localhost:3005/1.0.0/__federation_expose_QrPage.0a1b2c3d4e.css',
    ]);
  });

  it('refuses a chunk list naming anything but a file beside the entry', () => {
    expect(() => manifest({ pages: { './QrPage': ['../evil.js'] } }, false)).toThrow();
    expect(() => manifest({ pages: { './QrPage': ['https://evil.test/x.js'] } }, false)).toThrow();
    // Scripts and stylesheets only.
    expect(() => manifest({ pages: { './QrPage': ['page.html'] } }, false)).toThrow();
  });

  it("drops the manifest-driven preload of a checked remote's chunks, not its CSS", () => {
    const op = { nameOrAlias: 'mfe_qr' } as {
      nameOrAlias: string;
      filter?: (url: string) => boolean;
    };
    const plugin = integrityPlugin();
    void plugin.beforePreloadRemote?.({ preloadOps: [op] } as never);
    expect(
      op.filter?.('http://localhost:3005/1.0.0/__federation_expose_QrPage.0123456789.js'),
    ).toBe(false);
    expect(op.filter?.('http://localhost:3005/1.0.0/page.0123456789.css')).toBe(true);
  });

  it('rejects remotes.json whose hashes are not SHA-384', () => {
    expect(() => manifest({ integrity: { manifest: 'md5-x', entry: HASH } }, true)).toThrow(
      /sha384/,
    );
  });
});
