/**
 * Asks CUPS about a job over IPP itself (Get-Job-Attributes, RFC 8011), for machines without
 * ipptool: `lpstat` cannot tell a completed job from a cancelled one on CUPS 2.4 (both show the
 * alert `processing-to-stop-point`), so it could never confirm completion. Plain node:http, over
 * TCP or CUPS' local socket.
 */
import { request } from 'node:http';
import { userInfo } from 'node:os';
import type { IpptoolAnswer, JobState, JobStatus } from './cupsJobs';
import { completionTime } from './cupsJobs';

/** The CUPS server lp talks to (`lpstat -H`): a local socket path, or host and port. */
export type CupsServer = { readonly socketPath: string } | { readonly host: string; readonly port: number };

/** `lpstat -H` → the server: "/run/cups/cups.sock", "localhost:631", "print.example" (port 631). */
export function parseCupsServer(output: string): CupsServer {
  const text = output.trim().split('\n')[0]?.trim() || 'localhost:631';
  if (text.startsWith('/')) return { socketPath: text };
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(text);
  return match ? { host: match[1], port: Number(match[2] ?? 631) } : { host: 'localhost', port: 631 };
}

/** The server as an ipp:// authority (ipptool reads a socket path percent-encoded as the host). */
export const ippAuthority = (server: CupsServer): string =>
  'socketPath' in server ? encodeURIComponent(server.socketPath) : `${server.host}:${server.port}`;

const TAG = {
  operation: 0x01,
  end: 0x03,
  integer: 0x21,
  enum: 0x23,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  charset: 0x47,
  language: 0x48,
};

function attribute(tag: number, name: string, values: readonly string[]): Buffer {
  return Buffer.concat(
    values.map((value, i) => {
      const n = Buffer.from(i === 0 ? name : '');
      const v = Buffer.from(value);
      const head = Buffer.alloc(3);
      head.writeUInt8(tag, 0);
      head.writeUInt16BE(n.length, 1);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(v.length, 0);
      return Buffer.concat([head, n, len, v]);
    }),
  );
}

/** The Get-Job-Attributes request for job `number`, asking only for its state and completion time. */
export function getJobAttributesRequest(jobUri: string, user: string): Buffer {
  const header = Buffer.from([0x02, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    header,
    Buffer.from([TAG.operation]),
    attribute(TAG.charset, 'attributes-charset', ['utf-8']),
    attribute(TAG.language, 'attributes-natural-language', ['en']),
    attribute(TAG.uri, 'job-uri', [jobUri]),
    attribute(TAG.name, 'requesting-user-name', [user]),
    attribute(TAG.keyword, 'requested-attributes', [
      'job-state',
      'job-state-reasons',
      'job-state-message',
      'time-at-completed',
    ]),
    Buffer.from([TAG.end]),
  ]);
}

const STATES: Record<number, JobState> = {
  3: 'pending',
  4: 'held',
  5: 'processing',
  6: 'stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};

/** Reads the answer: the job's state, "not found" (0x0406), or another status. */
export function parseGetJobAttributes(body: Buffer): IpptoolAnswer {
  if (body.length < 8) return { kind: 'error', message: 'a short IPP answer' };
  const status = body.readUInt16BE(2);
  if (status === 0x0406) return { kind: 'not-found', message: 'client-error-not-found' };
  if (status >= 0x0100)
    return { kind: 'error', message: `IPP status 0x${status.toString(16).padStart(4, '0')}` };
  const values = new Map<string, (string | number)[]>();
  let offset = 8;
  let name = '';
  while (offset < body.length) {
    const tag = body.readUInt8(offset++);
    if (tag === TAG.end) break;
    if (tag < 0x10) continue; // a group delimiter
    const nameLength = body.readUInt16BE(offset);
    offset += 2;
    if (nameLength > 0) name = body.toString('utf8', offset, offset + nameLength);
    offset += nameLength;
    const valueLength = body.readUInt16BE(offset);
    offset += 2;
    const raw = body.subarray(offset, offset + valueLength);
    offset += valueLength;
    const value =
      (tag === TAG.enum || tag === TAG.integer) && raw.length === 4
        ? raw.readInt32BE(0)
        : raw.toString('utf8');
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const state = STATES[Number(values.get('job-state')?.[0])];
  if (!state) return { kind: 'error', message: 'no job-state in the IPP answer' };
  const reasons = (values.get('job-state-reasons') ?? []).map(String).filter((r) => r && r !== 'none');
  const message = values.get('job-state-message')?.[0];
  const found: JobStatus = { state, reasons, message: message ? String(message) : null };
  const completedAt = completionTime(values.get('time-at-completed')?.[0]);
  return { kind: 'status', status: completedAt ? { ...found, completedAt } : found };
}

/** One Get-Job-Attributes round trip (rejects when CUPS cannot be reached). */
export function ippJobStatus(
  server: CupsServer,
  jobNumber: number,
  timeoutMs = 10_000,
): Promise<IpptoolAnswer> {
  const jobUri = `ipp://${'socketPath' in server ? 'localhost' : `${server.host}:${server.port}`}/jobs/${jobNumber}`;
  const body = getJobAttributesRequest(jobUri, userInfo().username);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        ...('socketPath' in server
          ? { socketPath: server.socketPath }
          : { host: server.host.replace(/^\[|\]$/g, ''), port: server.port }),
        method: 'POST',
        path: `/jobs/${jobNumber}`,
        headers: { 'Content-Type': 'application/ipp', 'Content-Length': body.length, Host: 'localhost' },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(parseGetJobAttributes(Buffer.concat(chunks)))
            : resolve({ kind: 'error', message: `HTTP ${res.statusCode}` }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('CUPS did not answer in time')));
    req.on('error', reject);
    req.end(body);
  });
}
