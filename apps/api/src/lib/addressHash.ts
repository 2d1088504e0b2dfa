import crypto from 'node:crypto';

/**
 * A client address as stored beside a finder report: SHA-256, compared for equality only (is
 * this report from the address the owner marks recovery from?), never shown. An IPv4 address
 * seen through an IPv6 socket (`::ffff:1.2.3.4`) hashes like the plain one.
 */
export const addressHash = (ip: string) =>
  crypto
    .createHash('sha256')
    .update(`homing-address:${ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')}`)
    .digest('hex');
