import crypto from 'node:crypto';

/** A finder's keys as stored beside their report, and as an owner's block holds them. */
export interface SenderKeys {
  deviceHash: string | null;
  emailHash: string | null;
  phoneHash: string | null;
}

const hash = (kind: string, value: string) =>
  crypto.createHash('sha256').update(`homing-sender:${kind}:${value}`).digest('hex');

/** An e-mail address as compared: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
/** A number as compared: its digits after one leading +. */
export const normalPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
};

/**
 * Who sent a report, for blocking a person rather than a network (PRODUCT.md, Conversations): the finder page's
 * own device id (random, kept in the browser) and the contact they gave, each hashed (SHA-256,
 * compared for equality only, never shown). A finder who gave none of them cannot be blocked
 * beyond the conversation the owner closes.
 */
export function senderKeys(sender: {
  deviceId?: string | null;
  email?: string | null;
  phone?: string | null;
}): SenderKeys {
  const email = sender.email ? normalEmail(sender.email) : '';
  const phone = sender.phone ? normalPhone(sender.phone) : '';
  return {
    deviceHash: sender.deviceId ? hash('device', sender.deviceId) : null,
    emailHash: email ? hash('email', email) : null,
    phoneHash: phone ? hash('phone', phone) : null,
  };
}

/** The keys a block stores (each one blocks on its own). */
export const keyList = (keys: SenderKeys) =>
  [keys.deviceHash, keys.emailHash, keys.phoneHash].filter((k): k is string => !!k);
