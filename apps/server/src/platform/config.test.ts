import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// A given JWT_SECRET keeps loadConfig from writing a generated one into the data folder.
const JWT_SECRET = 'test-secret';

describe('loadConfig', () => {
  it('puts a relative DATA_DIR in the folder npm was started from, not the workspace', () => {
    expect(loadConfig({ JWT_SECRET, INIT_CWD: '/srv/workbench' }).dataDir).toBe('/srv/workbench/data');
    expect(loadConfig({ JWT_SECRET, INIT_CWD: '/srv/workbench', DATA_DIR: 'state' }).dataDir).toBe('/srv/workbench/state');
    expect(loadConfig({ JWT_SECRET, INIT_CWD: '/srv/workbench', DATA_DIR: '/var/lib/wb' }).dataDir).toBe('/var/lib/wb');
    expect(loadConfig({ JWT_SECRET, DATA_DIR: ':memory:' }).dataDir).toBe(':memory:');
  });

  it('reads the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('keeps files on local disk unless S3_BUCKET is set, and reads the S3 settings with it', () => {
    const local = loadConfig({ JWT_SECRET });
    expect(local.s3).toBeUndefined();
    expect(local.uploadMaxBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ JWT_SECRET, UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1048576);
    // another service: the bucket goes in the path unless told otherwise
    expect(loadConfig({ JWT_SECRET, S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    // AWS itself: its endpoint, the bucket in the host name, the SDK's own credentials
    expect(loadConfig({ JWT_SECRET, S3_BUCKET: 'files', S3_REGION: 'ap-east-1' }).s3).toMatchObject({
      region: 'ap-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ JWT_SECRET, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ JWT_SECRET, S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000/x' })).toThrow(/S3_ENDPOINT/);
  });

  it('reaches no internal address for tenants unless OUTBOUND_ALLOW lists it, and refuses what is no CIDR, address or host name', () => {
    expect(loadConfig({ JWT_SECRET }).outboundAllow).toEqual([]);
    expect(loadConfig({ JWT_SECRET, OUTBOUND_ALLOW: ' 10.0.0.0/8, minio.internal,fd00::/8,127.0.0.1 ' }).outboundAllow).toEqual([
      '10.0.0.0/8',
      'minio.internal',
      'fd00::/8',
      '127.0.0.1',
    ]);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', 'http://minio:9000', 'a b', '*.internal'])
      expect(() => loadConfig({ JWT_SECRET, OUTBOUND_ALLOW: bad }), bad).toThrow(/OUTBOUND_ALLOW/);
  });
});
