// Types of apps.mjs for the TypeScript that reads it (panel-server/); the
// start, build and bench scripts that also read it run as plain Node.js.
export const ROOT: string;
export const DATA_DIR: string;
export const DEPLOY_DIR: string;
export const RUN_DIR: string;
export const DIST: string;
export const PANEL_PORT: number;
export const API_PORT: number;
export const HOST: string;

export interface Remote {
  pkg: string;
  name: string;
  offset: number;
  roles: string[];
  port: number;
}

export const REMOTES: Remote[];
export const APP_NAMES: string[];
/** The parts of apps.json these types describe. */
export interface AppsManifest {
  shell: { package: string };
  remotes: Array<{
    package: string;
    name: string;
    portOffset: number;
    pages: Array<{ path: string; roles: string[]; wasm?: boolean }>;
  }>;
}

export function readApps(root?: string): AppsManifest;
export function findRemote(pkg: string): Remote;
export function packageVersion(pkg: string): string;
