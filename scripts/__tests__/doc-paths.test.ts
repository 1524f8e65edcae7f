// Every repository path the docs name in backticks exists, so a reader who
// follows one never meets a file that moved or was deleted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Build output and run-time folders (the .gitignore's plain names): the docs may name them before they exist. */
const GENERATED = new Set(
  readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => /^[\w.-]+$/.test(line)),
);

/** Extensions of files a reader opens; a bare `remotes.json` or `remoteEntry.js` is a served document. */
const SOURCE_EXTENSION = /\.(ts|tsx|mjs|cjs|md|css|sh|ya?ml)$/;
const ANY_EXTENSION = /\.[a-z]+$/i;

function listFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git' || GENERATED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, into);
    else into.push(full);
  }
  return into;
}

const FILE_NAMES = new Set(listFiles(ROOT).map((file) => path.basename(file)));

const DOCS = [
  'README.md',
  ...listFiles(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.relative(ROOT, file)),
  ...(
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces
    .map((workspace) => `${workspace}/README.md`)
    .filter((readme) => existsSync(path.join(ROOT, readme))),
];

/**
 * The backticked tokens of a doc that name a place in the repository: no
 * spaces, no URL or URL path (a leading `/`: the API's and the panel's
 * routes), no package (`@panel/…`), no glob or placeholder (`{id}`, `<file>`,
 * `*`), no environment variable standing for a folder (`DATA_DIR/…`), no
 * generated folder, and no bare folder kind (`components/`). A token with a
 * `/` and no extension (`text/csv`, a lint rule) is a path only when its
 * first folder exists.
 */
function namedPaths(markdown: string, bases: string[]): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const tokens = [...prose.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  return tokens.filter((token) => {
    if (/\s/.test(token) || /^[/.@\d]/.test(token) || /^[a-z]+:/i.test(token)) return false;
    if (/[*{}<>…?=:()$,|[\]#]/.test(token)) return false;
    const segments = token.split('/').filter(Boolean);
    const first = segments[0] ?? '';
    if (/^[A-Z][A-Z_]+$/.test(first) || segments.some((segment) => GENERATED.has(segment))) {
      return false;
    }
    if (!token.includes('/')) return SOURCE_EXTENSION.test(token);
    if (segments.length === 1) return false;
    if (ANY_EXTENSION.test(token) || token.endsWith('/')) return true;
    return bases.some((base) => existsSync(path.join(base, first)));
  });
}

/**
 * A path resolves from the repository root, the doc's folder or, for a
 * workspace README, the workspace's `src/`; a bare file name must be some
 * file's name.
 */
function exists(token: string, bases: string[]): boolean {
  if (!token.includes('/')) return FILE_NAMES.has(token);
  return bases.some((base) => existsSync(path.join(base, token)));
}

it('finds the docs: the README, docs/ and the workspaces’ READMEs', () => {
  expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'api/README.md']));
  expect(DOCS.some((doc) => doc.startsWith('docs/'))).toBe(true);
});

it('takes repository paths and leaves routes, packages, placeholders and MIME types', () => {
  const tokens = namedPaths(
    [
      '`shell/src/app/first-page.ts` `scripts/lib/` `/pack/containers/{id}/approve_or_deny`',
      '`@panel/shared/data` `DATA_DIR/outbox/` `text/csv` `10/1m` `deploy/releases.json`',
      '`components/` `remotes.json` `session.ts` `https://x.example/a.ts` `npm run bench`',
      '```\nin/a/fence.ts\n```',
    ].join('\n'),
    [ROOT],
  );
  expect(tokens).toEqual(['shell/src/app/first-page.ts', 'scripts/lib/', 'session.ts']);
});

it.each(DOCS)('%s names only paths that exist', (doc) => {
  const folder = path.join(ROOT, path.dirname(doc));
  const bases = [ROOT, folder, path.join(folder, 'src')];
  const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
  const dead = namedPaths(markdown, bases).filter((token) => !exists(token, bases));
  expect(dead).toEqual([]);
});
