import { CONTACT_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFinderTestServer } from '../../testing/finderServer';
import { signUp } from '../../testing/testServer';
import { until } from '../../testing/threads';

// Owners anywhere (PRODUCT.md, Validation): an owner may give any phone number a finder may, a US
// one typed in any common way or another country's with its "+" and calling code, and is texted at it.

type Peers = Awaited<ReturnType<typeof startFinderTestServer>>;
let peers: Peers;
beforeAll(async () => {
  peers = await startFinderTestServer({ WORKER_POLL_MS: '100' });
});
afterAll(async () => {
  await peers?.close();
});

const uniqueUkMobile = () => `+447400${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const textsTo = (to: string) =>
  until(
    async () => peers.sms.received.filter((m) => m.to === to),
    (texts) => texts.length > 0,
  );

describe("an owner's phone of another country", () => {
  it('signs up with a UK mobile, stored as E.164, and is texted its confirmation code there', async () => {
    const uk = uniqueUkMobile();
    const typed = `${uk.slice(0, 3)} ${uk.slice(3, 7)} ${uk.slice(7)}`; // "+44 7400 123456"
    const res = await peers.server.api<{ user: { phoneNumber: string } }>('POST', '/api/auth/register', {
      body: { phoneNumber: typed, password: 'password1', smsOptIn: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.phoneNumber).toBe(uk);
    const [text] = await textsTo(uk);
    expect(text!.body).toMatch(/\b\d{6}\b/);
  });

  it('adds a UK mobile in Contacts and gets the code by SMS; a number no country has is refused', async () => {
    const owner = await signUp(peers.server);
    const uk = uniqueUkMobile();
    const change = await peers.server.api<{
      data: { sent: boolean; contacts: { pendingPhoneNumber: string } };
    }>('POST', '/api/users/me/contacts/phone', {
      token: owner.token,
      body: { phoneNumber: uk, smsOptIn: true, currentPassword: owner.password },
    });
    expect(change.status).toBe(200);
    expect(change.body.data).toMatchObject({ sent: true, contacts: { pendingPhoneNumber: uk } });
    const [text] = await textsTo(uk);
    const code = /\b(\d{6})\b/.exec(text!.body)![1];
    const confirm = await peers.server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token: owner.token,
      body: { code },
    });
    expect(confirm.status).toBe(200);

    // "+44 20" and six digits has the shape of a number but is none of the UK's.
    for (const phoneNumber of ['+44 20 1234 56', '+999 1234 5678']) {
      const refused = await peers.server.api('POST', '/api/users/me/contacts/phone', {
        token: owner.token,
        body: { phoneNumber, smsOptIn: true, currentPassword: owner.password },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        data: null,
        error: CONTACT_MESSAGES.invalidPhone,
      });
    }
    const backup = await peers.server.api('POST', '/api/users/me/backup-contacts', {
      token: owner.token,
      body: { contact: uniqueUkMobile() },
    });
    expect(backup.status).toBe(200);
  });
});
