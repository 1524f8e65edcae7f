import { startFirstPage } from './app/first-page';
import { provideBundlerRuntime } from './features/remotes/provide-bundler-runtime';

// Before any remote's entry runs: remotes take the bundler runtime from the page.
provideBundlerRuntime();

// The first page's remote starts loading from the entry, while the app's
// own code (./bootstrap) is still being fetched and run.
const firstPage = startFirstPage();

// Async boundary: the app itself loads behind it.
void import('./bootstrap').then(({ render }) => render(firstPage));
