// Types of ensure-browser.mjs for the TypeScript that calls it (the bench).
export function ensureBrowser(): Promise<string>;
