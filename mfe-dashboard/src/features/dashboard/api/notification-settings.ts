import { api } from '@panel/shared/data';

/** The super admin's mail settings (GET/PUT /shops/notification-settings). */
export interface NotificationSettings {
  daily_digest: boolean;
}

const notificationSettingsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => '/shops/notification-settings/',
    }),
    putNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
      query: (body) => ({ url: '/shops/notification-settings/', method: 'PUT', body }),
      // The answer is the stored setting: the card shows it without a second call.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            notificationSettingsApi.util.upsertQueryData(
              'getNotificationSettings',
              undefined,
              data,
            ),
          );
      },
    }),
  }),
});

export const { useGetNotificationSettingsQuery, usePutNotificationSettingsMutation } =
  notificationSettingsApi;
