import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource integrity for remotes: the federation runtime fetches a
 * remote's mf-manifest.json and adds a <script> for its remoteEntry.js; this
 * runtime plugin gives both the SHA-384 recorded at release (from
 * /remotes.json) and crossorigin="anonymous", so the browser refuses bytes
 * that changed after the release. The entry in turn loads its chunks with
 * the hashes Rspack's SubresourceIntegrityPlugin compiled into it.
 */
const hashes = new Map<string, string>();

/** Absolute URL without the hash, as the runtime asks for it. */
function key(url: string): string {
  const absolute = new URL(url, document.baseURI);
  absolute.hash = '';
  return absolute.href;
}

export function expectIntegrity(url: string, integrity: string): void {
  hashes.set(key(url), integrity);
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
  fetch(url, init) {
    const integrity = integrityOf(url);
    if (!integrity) return undefined;
    return fetch(url, { ...init, integrity, mode: 'cors', credentials: 'omit' });
  },
});
