import type { AccountContacts } from '@homing/shared';
import type { contactsLoader } from '../../services/accounts/contactsLoader';

export const presentContacts = (c: Awaited<ReturnType<typeof contactsLoader>>): AccountContacts => ({
  email: c.user.email,
  emailVerified: !!c.user.email && !!c.user.emailVerifiedAt,
  phoneNumber: c.user.phoneNumber,
  phoneVerified: !!c.user.phoneNumber && !!c.user.phoneVerifiedAt,
  smsOptIn: c.user.smsOptIn,
  smsStopped: c.smsStopped,
  pendingEmail: c.pendingEmail,
  pendingPhoneNumber: c.pendingPhoneNumber,
});
