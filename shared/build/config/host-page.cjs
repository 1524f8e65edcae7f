// The shell's index.html: the one page the panel serves at every route.
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');

function hostPagePlugins(appDir) {
  const favicon = path.join(appDir, 'favicon.ico');
  return [
    new rspack.HtmlRspackPlugin({
      template: path.join(appDir, 'index.html'),
      title: 'Lending panel',
      // The icon travels inside the HTML (213 bytes), so the browser sends no
      // request for it while the login page loads; the file is still served
      // at /favicon.ico for whoever asks for it.
      templateParameters: {
        faviconUrl: `data:image/x-icon;base64,${fs.readFileSync(favicon).toString('base64')}`,
      },
    }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: favicon }] }),
  ];
}

module.exports = { hostPagePlugins };
