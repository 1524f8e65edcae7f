import { routeGroup } from './route-group';

import auditRoutes from './audit';
import authRoutes from './auth';
import containerRequestRoutes from './container-requests';
import containerRoutes from './containers';
import eventRoutes from './events';
import loanRoutes from './loans';
import notificationRoutes from './notifications';
import qrBatchRoutes from './qr-batches';
import releaseRoutes from './releases';
import shopRoutes from './shops';
import telemetryRoutes from './telemetry';

/**
 * Every call, one folder per resource. Each route writes its whole URL below
 * /api/v0 (the spec's URLs group resources unevenly: loans, requests and QR
 * codes all sit under /pack/containers), so a URL is found by searching for it.
 */
export default routeGroup([
  auditRoutes,
  authRoutes,
  shopRoutes,
  containerRequestRoutes,
  containerRoutes,
  eventRoutes,
  loanRoutes,
  notificationRoutes,
  qrBatchRoutes,
  releaseRoutes,
  telemetryRoutes,
]);
