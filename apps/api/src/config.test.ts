import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 3000, the embedded database in ./data, and localhost:3000 labels', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      embedded: true,
      domainName: 'localhost:3000',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('takes a 25-character label domain, and refuses one the labels cannot print in full or keep scannable', () => {
    // 25 characters is the longest whose URL stays within the labels' largest symbol version
    // (MAX_LABEL_VERSION, at level L), so its modules keep the size the camera model accepted.
    expect(loadConfig({ DOMAIN_NAME: 'labels.lost-found.example' }).domainName).toHaveLength(25);
    expect(() => loadConfig({ DOMAIN_NAME: 'labels.lost-found.examples' })).toThrow(
      'DOMAIN_NAME: The domain labels.lost-found.examples is too long for the labels: its QR code would need a version above 2',
    );
    const long = `${'x'.repeat(60)}.example`;
    expect(() => loadConfig({ DOMAIN_NAME: long })).toThrow(ConfigError);
    expect(() => loadConfig({ DOMAIN_NAME: long })).toThrow(
      `DOMAIN_NAME: The domain ${long} is too long for the labels`,
    );
    expect(() => loadConfig({ PUBLIC_URL: `https://${long}` })).toThrow('PUBLIC_URL: The domain');
  });

  it('prints no SMS number unless SMS_PUBLIC_NUMBER is a real E.164 number the inbound webhook answers', () => {
    expect(loadConfig({}).sms.publicNumber).toBeNull();
    const secret = { SMS_INBOUND_SECRET: 's'.repeat(16) };
    expect(loadConfig({ ...secret, SMS_PUBLIC_NUMBER: ' +1 555  010 0199 ' }).sms.publicNumber).toBe(
      '+1 555 010 0199',
    );
    expect(loadConfig({ ...secret, SMS_PUBLIC_NUMBER: '+447700900123' }).sms.publicNumber).toBe(
      '+447700900123',
    );
    for (const bad of [
      '555 010 0199',
      '+0 555 0100',
      '+1 (555) 010-0199',
      '+1234',
      '+1 555 010 0199 0000 0',
      'HOMING',
    ]) {
      let message = '';
      try {
        loadConfig({ ...secret, SMS_PUBLIC_NUMBER: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      // One line naming the setting and what it must be.
      expect(message.split('\n')[1]).toMatch(
        /^ {2}SMS_PUBLIC_NUMBER: must be an E\.164 number: .* e\.g\. \+1 555 010 0199 \(got /,
      );
    }
    expect(() => loadConfig({ SMS_PUBLIC_NUMBER: '+1 555 010 0199' })).toThrow(
      'SMS_PUBLIC_NUMBER: needs SMS_INBOUND_SECRET (or SMS_PROVIDER=twilio), else texts to it reach nobody',
    );
  });

  it('derives the label domain from PUBLIC_URL and uses DATABASE_URL', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://homing.example/', DATABASE_URL: 'postgres://u@h/db' });
    expect(c).toMatchObject({
      domainName: 'homing.example',
      publicUrl: 'https://homing.example',
      embedded: false,
    });
  });

  it('serves no metrics unless METRICS_PORT is set, and then on loopback by default', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ METRICS_PORT: '99999' }, 'METRICS_PORT'],
    [{ PHOTO_STORE: 'ftp' }, 'PHOTO_STORE'],
    [{ PHOTO_STORE: 's3' }, 'S3_BUCKET'],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'Not A Bucket' }, 'S3_BUCKET'],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'sure' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('keeps photos in DATA_DIR/photos unless PHOTO_STORE=s3 names a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/homing' }).photos).toEqual({
      store: 'local',
      dir: '/srv/homing/photos',
    });
    const s3 = loadConfig({
      PHOTO_STORE: 's3',
      S3_BUCKET: 'homing-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(s3.photos).toEqual({
      store: 's3',
      s3: {
        bucket: 'homing-photos',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    // No keys: the AWS SDK's own credential chain (an instance or task role).
    expect(loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'b12', S3_REGION: 'eu-west-1' }).photos).toMatchObject({
      s3: { credentials: null, region: 'eu-west-1', endpoint: null, forcePathStyle: false },
    });
  });
});
