import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource integrity for remotes: the federation runtime adds a <script>
 * for a remote's remoteEntry.js; this runtime plugin gives it the SHA-384
 * recorded at release (from /remotes.json) and crossorigin="anonymous", so
 * the browser refuses bytes that changed after the release. The entry in turn loads its chunks with
 * the hashes Rspack's SubresourceIntegrityPlugin compiled into it.
 */
const hashes = new Map<string, string>();
/** Remotes loaded with integrity checks (their chunks must come through their own runtime). */
const checkedRemotes = new Set<string>();

/** Absolute URL without the hash, as the runtime asks for it. */
function key(url: string): string {
  const absolute = new URL(url, document.baseURI);
  absolute.hash = '';
  return absolute.href;
}

export function expectIntegrity(url: string, integrity: string): void {
  hashes.set(key(url), integrity);
}

export function expectCheckedRemote(name: string): void {
  checkedRemotes.add(name);
}

export function integrityOf(url: string): string | undefined {
  return hashes.get(key(url));
}

export const integrityPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'panel-subresource-integrity',
  createScript({ url }) {
    const integrity = integrityOf(url);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    script.src = url;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    return script;
  },
  // loadRemote would add <script> tags for the page's chunks straight from the
  // manifest, without hashes, and the remote's chunk loader would then reuse
  // those tags: a checked remote's chunks load only through its verified
  // entry, whose chunk loader carries every chunk's hash.
  beforePreloadRemote(args) {
    for (const op of args.preloadOps) {
      if (checkedRemotes.has(op.nameOrAlias)) {
        const previous = op.filter;
        op.filter = (url: string) => !/\.js(?:[?#]|$)/.test(url) && (previous?.(url) ?? true);
      }
    }
  },
});
