import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { holdIdleSockets } from './httpServer';

export interface S3TestServer {
  bucket: string;
  endpoint: string;
  /** The API's settings for this bucket, for `startTestServer`. */
  env: Record<string, string>;
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  object(key: string): Promise<{ contentType: string | undefined; body: Buffer }>;
  /** Stops answering (the port refuses connections); the objects stay in the folder. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it held. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const ACCESS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real server speaking the S3 protocol (s3rver) on a loopback port, keeping objects in a temporary
 * folder, with one empty bucket. Path-style addressing, as with MinIO: the bucket is in the path.
 */
export async function startS3Server(bucket = 'homing-photos'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-s3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  /** s3rver's own HTTP server, idle sockets held (testing/httpServer.ts). */
  const run = async (s3rver: S3rver) => {
    const address = (await s3rver.run()) as AddressInfo;
    holdIdleSockets((s3rver as unknown as { httpServer: http.Server }).httpServer);
    return address;
  };
  let server: S3rver | null = make(0);
  const { port } = await run(server);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: ACCESS });
  return {
    bucket,
    endpoint,
    env: {
      PHOTO_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCESS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async object(key) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: got.ContentType, body: Buffer.from(await got.Body!.transformToByteArray()) };
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async restart() {
      server = make(port);
      await run(server);
    },
    async close() {
      client.destroy();
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
