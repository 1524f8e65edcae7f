// Types of what panel-server/ (the release CLI and the servers) reads of
// release-contract.cjs; the build itself loads the CommonJS as it is.
/** Every hashed file's `sha384-…`, by its path in the build folder. */
export function hashFolder(dir: string): Record<string, string>;
export function integrityRecordPath(dir: string): string;
