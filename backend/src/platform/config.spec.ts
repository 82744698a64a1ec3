import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded stores on port 3000 with data under ./data', () => {
    expect(loadConfig({})).toMatchObject({ eventStore: 'pglite', readStore: 'memory', port: 3000, dataDir: expect.stringMatching(/\/data$/) });
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ EVENT_STORE: 'mysql', READ_STORE: 'mongodb', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "EVENT_STORE='mysql' is not one of: memory, pglite, postgres, eventstoredb",
      "PORT='eighty' must be an integer from 0 to 65535",
      'MONGODB_URL is required when READ_STORE=mongodb',
    ]);
  });

  it('checks URL schemes for the server stores', () => {
    expect(() => loadConfig({ EVENT_STORE: 'postgres', DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
    expect(loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }).eventStoreUrl).toBe('esdb://localhost:2113?tls=false');
  });
});
