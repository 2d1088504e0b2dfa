// The real peers the browser tests' server talks to (tests/e2e/peers.ts): an SMTP server and an
// HTTP server speaking Twilio's Messages API, on ports derived from E2E_PORT so parallel runs on
// other ports do not collide.
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const PEER_SMTP_PORT = e2ePort + 1000;
export const PEER_HTTP_PORT = e2ePort + 2000;
export const PEER_URL = `http://127.0.0.1:${PEER_HTTP_PORT}`;
