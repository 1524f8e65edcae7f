// The texts of the set-password page (the activation mail's link) and the
// super admin's notifications card (issue 32). Neither is on the login page,
// so they load with @panel/shared/page-ui.
export const MAIL_MESSAGES = {
  setPasswordTitle: 'Set your password',
  setPasswordHint:
    'Your shop is active. Choose the password you will log in with, together with your e-mail address.',
  setPasswordSubmit: 'Set password',
  setPasswordDone: 'Your password has been set. You can log in now.',
  /** The page opened without a token: a link copied only in part. */
  setPasswordNoToken:
    'This link is incomplete. Open the link from the e-mail again, or choose "Forgot Password?" on the login page.',
  notificationsTitle: 'E-mail notifications',
  notificationsLoadFailed: 'Could not load your notification settings',
  dailyDigestLabel: 'Daily e-mail of new registrations and requests',
  dailyDigestNote: 'Sent once a day to your e-mail address, only on days with something new.',
  dailyDigestOn: 'Daily e-mail turned on',
  dailyDigestOff: 'Daily e-mail turned off',
  dailyDigestFailedPrefix: 'The setting was not saved, reason: ',
} as const;
