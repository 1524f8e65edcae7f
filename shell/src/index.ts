import { provideBundlerRuntime } from './features/remotes/provide-bundler-runtime';

// Before any remote's entry runs: remotes take the bundler runtime from the page.
provideBundlerRuntime();

// Async boundary: the federation runtime negotiates shared singletons first.
import('./bootstrap');
