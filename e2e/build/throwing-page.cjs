// A faulty build's page (faulty-build.cjs, PANEL_FAULT_THROWING_PAGES=1): an
// exposed page that throws when drawn, so the browser tests can release a
// broken canary and watch the release controller roll it back.
function ThrowingPage() {
  throw new Error('This build is broken on purpose (PANEL_FAULT_THROWING_PAGES)');
}

module.exports = { __esModule: true, default: ThrowingPage, remoteVersion: 'broken' };
