// Module Federation is pinned to one exact version, the one its upgrade
// checklist (docs/upgrading-federation.md) was last gone through with: the
// build reaches into its internals, so a new version is taken on purpose.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FEDERATION = /^@module-federation\//;

const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

/** Every @module-federation entry of the root's and the workspaces' package.json. */
function declared(): Array<{ file: string; name: string; spec: string }> {
  const files = [
    'package.json',
    ...readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => path.join(entry.name, 'package.json')),
  ].filter((file) => {
    try {
      readFileSync(path.join(ROOT, file));
      return true;
    } catch {
      return false;
    }
  });
  return files.flatMap((file) => {
    const pkg = readJson(path.join(ROOT, file));
    return Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([name]) => FEDERATION.test(name))
      .map(([name, spec]) => ({ file, name, spec }));
  });
}

const checked = /Checked with: \*\*@module-federation ([\d.]+)\*\*/.exec(
  readFileSync(path.join(ROOT, 'docs/upgrading-federation.md'), 'utf8'),
)?.[1];

it('names the version the upgrade checklist was last gone through with', () => {
  expect(checked).toMatch(/^\d+\.\d+\.\d+$/);
});

it('pins every @module-federation package to that exact version', () => {
  const entries = declared();
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) expect(entry).toEqual({ ...entry, spec: checked });
});

it('has that version installed, for every @module-federation package', () => {
  const dir = path.join(ROOT, 'node_modules/@module-federation');
  const installed = readdirSync(dir).map((name) => ({
    name,
    version: readJson(path.join(dir, name, 'package.json')).version,
  }));
  for (const pkg of installed) expect(pkg).toEqual({ name: pkg.name, version: checked });
});
