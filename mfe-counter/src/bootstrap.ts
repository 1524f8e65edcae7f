// Served alone, a remote has no page of its own; the shell loads its exposed modules.
import { remoteVersion } from './remote-version';

export { remoteVersion };
