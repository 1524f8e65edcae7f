// What a remote's build takes in place of @module-federation/error-codes
// (shared/build/create-rspack-config.cjs aliases it here for remotes only).
//
// The remote's own runtime module (the one part of the runtime a container
// keeps, see bundler-runtime-from-shell.mjs) imports one error code and the
// runtime's table of error messages for its checks; the shell's page already
// has both, so the remote takes them from the global the shell provides them
// on (shell/src/features/remotes/provide-bundler-runtime.ts) instead of
// carrying a second copy (0.5 kB gz in every remote's entry). A name the
// runtime module imports and this file does not export fails the remote's
// build (exportsPresence: 'error'), so a runtime upgrade cannot leave one
// undefined.
const errorCodes = globalThis._FEDERATION_BUNDLER_RUNTIME?.errorCodes;
if (!errorCodes) {
  throw new Error(
    "This remote takes the federation runtime's error messages from the panel shell, and the shell on this page does not provide them: deploy the shell first",
  );
}

export const { RUNTIME_009, runtimeDescMap } = errorCodes;
