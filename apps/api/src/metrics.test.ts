import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from './testing/codeFactory';
import { startSmtpSink } from './testing/smtpSink';
import { signUp, startTestServer, type TestServer } from './testing/testServer';
import { WAIT_MS } from './testing/patience';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, METRICS_PORT: '0' });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

async function scrape() {
  const res = await fetch(`${server.metricsUrl!}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one sample, `name{label="v",…}` with exactly these labels (any order); null if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (JSON.stringify(Object.entries(got).sort()) === JSON.stringify(Object.entries(labels).sort()))
      return Number(m[3]);
  }
  return null;
}

async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('/metrics', () => {
  it('is served on the internal listener (loopback) and is not found on the public port', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const pub = await server.api('GET', '/metrics');
    expect(pub.status).toBe(404);
    expect(JSON.stringify(pub.body)).not.toContain('homing_http_requests_total');
    expect((await fetch(`${server.metricsUrl!}/`)).status).toBe(404);
  });

  it('counts requests by route template, scans, reports and deliveries by channel and result', async () => {
    const owner = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Metered umbrella' });
    expect((await server.api('GET', `/api/found/${code}`)).status).toBe(200);
    expect((await server.api('GET', `/api/found/${code.toLowerCase()}`)).status).toBe(200);
    expect((await server.api('GET', '/api/found/NOSUCHCODE99')).status).toBe(404);
    const scan = await server.api<{ data: { deviceType: string } }>('POST', '/api/analytics/scan', {
      body: { qrCode: code },
    });
    expect(scan.status).toBe(201);
    const report = await server.api('POST', `/api/found/${code}/report`, {
      body: { foundNotes: 'At the bus stop', finderPhone: '+15557654321' },
    });
    expect(report.status).toBe(201);
    await sink.waitFor(1);

    // Two jobs leave the outbox: the owner's e-mail and the finder's text with their thread link.
    let text = '';
    await eventually(async () => {
      text = await scrape();
      const delivered = (channel: string) =>
        sample(text, 'homing_notification_deliveries_total', { channel, result: 'delivered' });
      return delivered('email') === 1 && delivered('sms') === 1;
    });
    const found = { method: 'GET', route: '/api/found/:qrCode' };
    expect(sample(text, 'homing_http_requests_total', { ...found, status: '200' })).toBe(2);
    expect(sample(text, 'homing_http_requests_total', { ...found, status: '404' })).toBe(1);
    expect(sample(text, 'homing_http_request_duration_seconds_count', found)).toBe(3);
    expect(sample(text, 'homing_http_request_duration_seconds_bucket', { ...found, le: '+Inf' })).toBe(3);
    expect(
      sample(text, 'homing_http_requests_total', {
        method: 'POST',
        route: '/api/found/:qrCode/report',
        status: '201',
      }),
    ).toBe(1);
    // A path no route matches is one label, whatever was asked.
    expect(
      sample(text, 'homing_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    // Labels are templates: no code value (nor any raw URL) reaches the metrics.
    expect(text).not.toContain(code);
    expect(text).not.toContain('NOSUCHCODE99');
    expect(text).not.toContain('/metrics');
    expect(sample(text, 'homing_scans_recorded_total', { device_type: scan.body.data.deviceType })).toBe(1);
    expect(sample(text, 'homing_found_reports_total', { held: 'false' })).toBe(1);
    expect(sample(text, 'homing_outbox_depth')).toBe(0);
    expect(sample(text, 'homing_outbox_oldest_due_age_seconds')).toBe(0);
    expect(sample(text, 'homing_process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('reports the outbox depth and the age of the oldest due job from the database', async () => {
    // A job due a minute ago whose lease another worker holds: waiting, and not ours to send.
    const [job] = await server.db.knex('notifications').select('id').limit(1);
    const madeDue = Date.now();
    await server.db
      .knex('notifications')
      .where({ id: job.id })
      .update({
        status: 'pending',
        nextAttemptAt: server.db.knex.raw("now() - interval '60 seconds'"),
        lockedUntil: server.db.knex.raw("now() + interval '1 hour'"),
      });
    const text = await scrape();
    expect(sample(text, 'homing_outbox_depth')).toBe(1);
    const age = sample(text, 'homing_outbox_oldest_due_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(60);
    // Due 60 s before the update, plus however long the machine took from there to the scrape.
    expect(age).toBeLessThanOrEqual(60 + (Date.now() - madeDue) / 1000 + 1);
    await server.db
      .knex('notifications')
      .where({ id: job.id })
      .update({ status: 'delivered', lockedUntil: null });
  });

  it('counts open event streams while they are open', async () => {
    const owner = await signUp(server);
    const before = sample(await scrape(), 'homing_event_streams_open') ?? 0;
    const res = await fetch(`${server.url}/api/users/me/events`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    expect(sample(await scrape(), 'homing_event_streams_open')).toBe(before + 1);
    await reader.cancel();
    await eventually(async () => sample(await scrape(), 'homing_event_streams_open') === before);
  });
});

describe('/metrics on the public port of a production server, which serves the web app', () => {
  // The web app's build, as far as the server cares: a page that every client-side route gets.
  let webDist: string;
  let production: TestServer;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Homing</title><p>app</p>');
    production = await startTestServer({ NODE_ENV: 'production', WEB_DIST: webDist, METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await production?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("is not found, not the web app's page; the metrics listener still serves it", async () => {
    expect(production.config.serveWeb).toBe(true);
    // A client-side route gets the page: the web app is being served.
    const page = await fetch(`${production.url}/items`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>app</p>');
    for (const p of ['/metrics', '/metrics/', '/Metrics', '/metrics/anything']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${production.url}${p}`, { method });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(await res.text(), `${method} ${p}`).not.toContain('<p>app</p>');
      }
    }
    // A page whose route merely starts with the word is still the app's.
    expect((await fetch(`${production.url}/metricsboard`)).status).toBe(200);
    const scraped = await fetch(`${production.metricsUrl!}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('homing_http_requests_total');
  });
});
