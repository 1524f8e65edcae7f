/** Compiled into this remote's own bundle, so the page can tell which release it runs. */
export const remoteVersion: string = __REMOTE_VERSION__;

console.info(`[${__REMOTE_NAME__}] version ${remoteVersion}`);
