// The release gate: does a remote's build fit the deployed shell and the
// other live remotes? It compares the contract.json files builds publish
// (shared/build/release-contract.cjs), without a browser:
//
// - the shell's federation runtime is one the remote's entry can run on: the
//   remote is built without a runtime of its own (externalRuntime) and calls
//   the shell's, so that runtime must satisfy the range the remote was built
//   for, in the same share scope; a remote that takes the bundler runtime
//   from the page too needs a shell that puts it there;
// - every page the shell's route table loads from the remote is exposed;
// - every shared singleton the remote requires is provided by the shell at a
//   version in the required range;
// - no endpoint the remote injects into the one API slice is injected by the
//   shell, @panel/shared or another live remote (injectEndpoints with
//   overrideExisting: 'throw' would fail at run time, or worse, silently win).

/**
 * The federation runtime as contract.json records it: a remote's, what it was
 * built against and needs; the shell's, what it provides.
 */
interface RuntimeRecord {
  version?: string;
  builtWith?: string;
  requiredVersion?: string;
  shareScope?: string;
  externalRuntime?: boolean;
  bundlerRuntimeFromShell?: boolean | number;
  providesExternalRuntime?: boolean;
  providesBundlerRuntime?: boolean | number;
}

/** A build's contract.json (shared/build/release-contract.cjs writes it). */
export interface Contract {
  kind: string;
  name: string;
  package: string;
  version: string;
  runtime?: RuntimeRecord;
  exposes?: string[];
  routes?: Array<{ path: string; remote: string; exposed: string }>;
  shared?: Record<string, { requiredVersion?: string }>;
  provides?: Record<string, string>;
  endpoints?: string[];
}

interface ParsedVersion {
  major: number;
  minor: number | null;
  patch: number | null;
  pre: string | undefined;
}

/** The singletons the shell must provide at a version the remote accepts. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@panel/shared',
];

function parseVersion(text: string): ParsedVersion | null {
  const match = /^\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-([0-9A-Za-z.-]+))?\s*$/.exec(
    text,
  );
  if (!match) return null;
  const part = (value: string | undefined) =>
    value === undefined || value === 'x' || value === '*' ? null : Number(value);
  return { major: Number(match[1]), minor: part(match[2]), patch: part(match[3]), pre: match[4] };
}

function compare(a: ParsedVersion, b: ParsedVersion): number {
  for (const key of ['major', 'minor', 'patch'] as const) {
    const diff = (a[key] ?? 0) - (b[key] ?? 0);
    if (diff !== 0) return diff;
  }
  if (a.pre && !b.pre) return -1;
  if (!a.pre && b.pre) return 1;
  return 0;
}

/** One comparator (`^1.2.3`, `~1.2`, `>=1`, `<2`, `1.2.3`, `1.x`, `*`) against a version. */
function satisfiesOne(version: ParsedVersion, comparator: string): boolean {
  if (comparator === '*' || comparator === '' || comparator === 'x') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(\S.*)$/.exec(comparator);
  if (!match) return false;
  const [, op = '=', rest = ''] = match;
  const want = parseVersion(rest);
  if (!want) return false;
  const cmp = compare(version, want);
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '<=':
      return cmp <= 0;
    case '>':
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '^': {
      if (cmp < 0) return false;
      if (want.major !== 0 || want.minor === null) return version.major === want.major;
      if (want.minor !== 0 || want.patch === null)
        return version.major === 0 && version.minor === want.minor;
      return version.major === 0 && version.minor === 0 && version.patch === want.patch;
    }
    case '~':
      if (cmp < 0) return false;
      return version.major === want.major && (want.minor === null || version.minor === want.minor);
    default:
      return (
        version.major === want.major &&
        (want.minor === null || version.minor === want.minor) &&
        (want.patch === null || version.patch === want.patch) &&
        (want.pre ?? '') === (version.pre ?? '')
      );
  }
}

/** npm-style range check, enough for the ranges builds write: `||` of space-separated comparators. */
export function satisfies(versionText: string, range: unknown): boolean {
  const version = parseVersion(versionText);
  if (!version) return false;
  return String(range)
    .split('||')
    .some((alternative) =>
      alternative
        .trim()
        .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
        .split(/\s+/)
        .every((comparator) => satisfiesOne(version, comparator)),
    );
}

/**
 * The level of what the shell provides its remotes (PROVIDED_BY_SHELL_LEVEL
 * in shared/build/shared-deps.cjs); contracts written before there were
 * levels record `true` for level 1.
 */
function fromShellLevel(recorded: boolean | number | undefined): number {
  if (recorded === true) return 1;
  return typeof recorded === 'number' && Number.isInteger(recorded) && recorded > 0 ? recorded : 0;
}

/** Why the remote's entry could not run on the deployed shell's federation runtime, if it could not. */
function runtimeProblems(
  label: string,
  wanted: RuntimeRecord | undefined,
  provided: RuntimeRecord | undefined,
): string[] {
  if (!wanted) {
    return [`${label} does not record the federation runtime it was built against; rebuild it`];
  }
  if (!provided) {
    return [
      `${label} was built against federation runtime ${wanted.builtWith}, but the deployed shell does not record its runtime version; rebuild and deploy the shell first`,
    ];
  }
  const problems: string[] = [];
  if (wanted.externalRuntime && !provided.providesExternalRuntime) {
    problems.push(
      `${label} takes the federation runtime from the shell, but the deployed shell does not provide one`,
    );
  }
  const wantedLevel = fromShellLevel(wanted.bundlerRuntimeFromShell);
  const providedLevel = fromShellLevel(provided.providesBundlerRuntime);
  if (wantedLevel > 0 && providedLevel === 0) {
    problems.push(
      `${label} takes the federation bundler runtime from the shell, but the deployed shell does not provide one; deploy the shell first`,
    );
  } else if (wantedLevel > providedLevel) {
    problems.push(
      `${label} takes the federation bundler runtime from the shell at level ${wantedLevel} (with the runtime's error messages), but the deployed shell provides level ${providedLevel}; deploy the shell first`,
    );
  }
  if (!satisfies(provided.version ?? '', wanted.requiredVersion)) {
    problems.push(
      `${label} was built against federation runtime ${wanted.builtWith} and needs ${wanted.requiredVersion}, but the deployed shell runs ${provided.version}; deploy a shell with a matching runtime first`,
    );
  }
  if ((wanted.shareScope ?? 'default') !== (provided.shareScope ?? 'default')) {
    problems.push(
      `${label} shares in scope "${wanted.shareScope}", but the deployed shell in "${provided.shareScope}"`,
    );
  }
  return problems;
}

/**
 * Everything wrong with releasing `candidate` next to `host` (the deployed
 * shell's contract) and `others` (contracts of the other live remote
 * versions, each `{ label, contract }`). An empty list means it fits.
 */
export function checkContract({
  candidate,
  host,
  others = [],
}: {
  candidate: Contract;
  host: Contract;
  others?: Array<{ label: string; contract: Contract }>;
}): string[] {
  const problems: string[] = [];
  const label = `${candidate.package} ${candidate.version}`;
  if (candidate.kind !== 'remote') return [`${label}: contract.json does not describe a remote`];

  problems.push(...runtimeProblems(label, candidate.runtime, host.runtime));

  for (const route of (host.routes ?? []).filter((r) => r.remote === candidate.name)) {
    if (!candidate.exposes?.includes(route.exposed)) {
      problems.push(
        `${label} does not expose ${route.exposed}, which the shell's route table loads for "${route.path}"`,
      );
    }
  }

  for (const name of SINGLETONS) {
    const required = candidate.shared?.[name];
    if (!required) continue;
    const provided = host.provides?.[name];
    if (!provided) {
      problems.push(`${label} shares ${name}, which the deployed shell does not provide`);
    } else if (required.requiredVersion && !satisfies(provided, required.requiredVersion)) {
      problems.push(
        `${label} requires ${name} ${required.requiredVersion}, but the deployed shell provides ${provided}`,
      );
    }
  }

  const owners = new Map<string, string>();
  for (const name of host.endpoints ?? []) owners.set(name, `the shell or @panel/shared`);
  for (const other of others) {
    for (const name of other.contract.endpoints ?? []) {
      if (!owners.has(name)) owners.set(name, other.label);
    }
  }
  for (const name of candidate.endpoints ?? []) {
    if (owners.has(name)) {
      problems.push(
        `${label} injects the API endpoint "${name}", which ${owners.get(name)} injects too`,
      );
    }
  }
  return problems;
}
