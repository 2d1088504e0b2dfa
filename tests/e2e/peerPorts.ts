// The real peers the browser tests' server talks to (tests/e2e/peers.ts): an SMTP server and an
// HTTP server speaking Twilio's Messages API, on this run's own ports (runPlaces.ts).
import { runPlaces } from './runPlaces';

const places = runPlaces();
export const PEER_SMTP_PORT = places.smtpPort;
export const PEER_HTTP_PORT = places.httpPort;
export const PEER_URL = `http://127.0.0.1:${PEER_HTTP_PORT}`;
