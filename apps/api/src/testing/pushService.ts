import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { closeServer, holdIdleSockets } from './httpServer';
import { WAIT_MS } from './patience';

/** What `web-push-testing` gives a subscriber: `PushSubscription.toJSON()` and its own handle. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

interface Model {
  notifyUrl: string;
  subscribe(options: { userVisibleOnly: string; applicationServerKey: string }): Promise<TestSubscription>;
  expireSubscription(clientHash: string): void;
  messages: Record<string, string[] | undefined>;
}
interface ServerInstance {
  _app: { listen(port: number, host: string, cb: () => void): Server };
  setRequestHandlers(): void;
}

const require = createRequire(import.meta.url);

/**
 * A real push service on this machine: npm `web-push-testing` (the Push API's protocol: VAPID-signed
 * requests, RFC 8291 payloads it decrypts with the subscription's private key, 410 once a
 * subscription expired), on its own port. `subscribe` is what a browser's PushManager would do;
 * `received` is what reached the device, decrypted.
 */
export async function startPushService() {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => Model;
  };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: Model,
    port: number,
  ) => ServerInstance;
  const model = new PushApiModel();
  const instance = new WebPushTestingServer(model, 0);
  let http: Server;
  await new Promise<void>((resolve) => {
    http = instance._app.listen(0, '127.0.0.1', resolve);
  });
  holdIdleSockets(http!);
  instance.setRequestHandlers();
  model.notifyUrl = `http://127.0.0.1:${(http!.address() as AddressInfo).port}/notify/`;
  const received = (sub: TestSubscription) =>
    (model.messages[sub.clientHash] ?? []).map((m) => JSON.parse(m) as unknown);
  return {
    subscribe: (applicationServerKey: string) =>
      model.subscribe({ userVisibleOnly: 'true', applicationServerKey }),
    /** The push service forgets the subscription: the next push to it is answered 410 Gone. */
    expire: (sub: TestSubscription) => model.expireSubscription(sub.clientHash),
    received,
    async waitFor(sub: TestSubscription, count: number, timeoutMs = WAIT_MS) {
      const end = Date.now() + timeoutMs;
      while (received(sub).length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      return received(sub);
    },
    close: () => closeServer(http),
  };
}
