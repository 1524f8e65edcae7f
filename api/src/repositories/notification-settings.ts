import type { Db } from '../db/connect';

export interface NotificationSettings {
  daily_digest: boolean;
}

/** A super admin's settings; without a row, the defaults (the daily digest is on). */
export async function readNotificationSettings(
  db: Db,
  adminId: number,
): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select('daily_digest')
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return { daily_digest: row ? Number(row.daily_digest) === 1 : true };
}

export async function writeNotificationSettings(
  db: Db,
  adminId: number,
  settings: NotificationSettings,
): Promise<void> {
  const dailyDigest = settings.daily_digest ? 1 : 0;
  await db
    .insertInto('notification_settings')
    .values({ admin_id: adminId, daily_digest: dailyDigest })
    .onConflict((oc) => oc.column('admin_id').doUpdateSet({ daily_digest: dailyDigest }))
    .execute();
}

/** The super admins who get the daily digest: every admin but those who turned it off. */
export async function digestRecipients(db: Db): Promise<Array<{ id: number; email: string }>> {
  return db
    .selectFrom('admins')
    .leftJoin('notification_settings', 'notification_settings.admin_id', 'admins.id')
    .select(['admins.id', 'admins.email'])
    .where((eb) =>
      eb.or([
        eb('notification_settings.daily_digest', 'is', null),
        eb('notification_settings.daily_digest', '=', 1),
      ]),
    )
    .orderBy('admins.id')
    .execute();
}
