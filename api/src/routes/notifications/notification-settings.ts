import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';

import type { RouteOptions } from '../../deps';
import { ForbiddenError } from '../../errors';
import { callerOf } from '../../lib/auth';
import {
  readNotificationSettings,
  writeNotificationSettings,
} from '../../repositories/notification-settings';
import { errors } from '../../schemas/common';
import { NotificationSettingsSchema } from '../../schemas/notification-settings';

function adminIdOf(request: FastifyRequest): number {
  const caller = callerOf(request);
  if (caller.kind !== 'admin') throw new ForbiddenError('Only the super admin may do this.');
  return caller.adminId;
}

/** The super admin's mail settings: the daily digest on or off (lib/daily-digest.ts). */
const notificationSettings: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/shops/notification-settings',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['notifications'],
        summary: "The calling super admin's mail settings",
        response: { 200: NotificationSettingsSchema, ...errors(401, 403) },
      },
    },
    (request) => readNotificationSettings(deps.db, adminIdOf(request)),
  );

  app.put(
    '/shops/notification-settings',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['notifications'],
        summary: "Sets the calling super admin's mail settings (daily digest on or off)",
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const adminId = adminIdOf(request);
      await writeNotificationSettings(deps.db, adminId, request.body);
      return readNotificationSettings(deps.db, adminId);
    },
  );
};

export default notificationSettings;
