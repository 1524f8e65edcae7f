// One pass of the release controller on DEPLOY_DIR, with the load reports
// given as JSON in argv[2] instead of the API's and the audit log kept in
// memory; prints the events and the audit entries as one JSON line. Run in a
// process of its own: the controller reads its folders from the environment.
import { runControllerOnce } from '../release-controller-loop';
import type { ReleaseAuditEntry } from '../release-audit';
import type { Health } from '../release-controller';

const health = JSON.parse(process.argv[2] ?? 'null') as Health | null;
const audits: ReleaseAuditEntry[] = [];
void runControllerOnce({
  now: Number(process.argv[3] ?? Date.now()),
  health: async () => {
    if (!health) throw new Error('the API is away');
    return health;
  },
  record: async (entry) => {
    audits.push(entry);
    return true;
  },
}).then((events) => console.log(JSON.stringify({ events, audits })));
