// What a remote's build takes in place of @module-federation/webpack-bundler-runtime
// (shared/build/create-rspack-config.cjs aliases it here for remotes only).
//
// `externalRuntime` already takes the federation runtime core from the
// shell's page; this does the same for the bundler runtime around it (the
// functions a container's generated code calls to consume shared modules and
// to be initialised by the host), which every remote's entry otherwise
// repeated (3.5 kB gz each). The shell puts them on the global below
// (shell/src/features/remotes/provide-bundler-runtime.ts) before it loads any
// remote. The functions keep no state of their own (each call is given the
// container's own `__webpack_require__`); what is per container (its share
// scopes, instance and options) is created here, once per remote entry. The
// runtime module stays the remote's own (0.4 kB): its `init` finds the
// container's instance by the build's identifier, compiled into it.
import * as runtime from '@module-federation/runtime';

const provided = globalThis._FEDERATION_BUNDLER_RUNTIME;
if (!provided) {
  throw new Error(
    'This remote runs only inside the panel shell: no federation bundler runtime on the page',
  );
}

const federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
