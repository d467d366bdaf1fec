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
});
