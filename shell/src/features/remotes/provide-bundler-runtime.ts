// The shell provides the page's one federation bundler runtime, as it
// provides the runtime core (`provideExternalRuntime`): a remote's build
// takes these functions from this global instead of carrying its own copy
// (shared/build/federation/bundler-runtime-from-shell.mjs), and the runtime's
// error messages its own runtime module checks with
// (shared/build/federation/error-codes-from-shell.mjs). They are the shell's
// own copies, so nothing is downloaded twice. The shell exposes no modules,
// so its build leaves out the function that initialises a container; it is
// added here for the remotes.
import { RUNTIME_009, runtimeDescMap } from '@module-federation/error-codes';
import federation from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

// The runtime module is not among them: its `init` finds a container's
// instance by an identifier compiled into each build.
interface ProvidedBundlerRuntime {
  bundlerRuntime: Partial<typeof federation.bundlerRuntime>;
  attachShareScopeMap: typeof federation.attachShareScopeMap;
  errorCodes: { RUNTIME_009: typeof RUNTIME_009; runtimeDescMap: typeof runtimeDescMap };
}

export function provideBundlerRuntime(): void {
  const provided: ProvidedBundlerRuntime = {
    bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
    attachShareScopeMap: federation.attachShareScopeMap,
    errorCodes: { RUNTIME_009, runtimeDescMap },
  };
  (
    globalThis as { _FEDERATION_BUNDLER_RUNTIME?: ProvidedBundlerRuntime }
  )._FEDERATION_BUNDLER_RUNTIME = provided;
}
