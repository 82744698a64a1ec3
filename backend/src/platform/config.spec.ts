import { bootWarnings, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded stores on port 3000 with data under ./data', () => {
    expect(loadConfig({})).toMatchObject({
      eventStore: 'pglite',
      readStore: 'pglite',
      port: 3000,
      dataDir: expect.stringMatching(/\/data$/),
    });
  });

  it('persists read models beside embedded events by default; other event stores keep them in memory', () => {
    expect(loadConfig({ EVENT_STORE: 'pglite' }).readStore).toBe('pglite');
    expect(loadConfig({ EVENT_STORE: 'memory' }).readStore).toBe('memory');
    expect(loadConfig({ EVENT_STORE: 'postgres', DATABASE_URL: 'postgres://db/kauri' }).readStore).toBe('memory');
    expect(loadConfig({ EVENT_STORE: 'pglite', READ_STORE: 'memory' }).readStore).toBe('memory');
    const server = { EVENT_STORE: 'postgres', DATABASE_URL: 'postgres://db/kauri', READ_STORE: 'postgres' };
    expect(loadConfig(server).readStore).toBe('postgres');
  });

  it('refuses persisted read models without their event store, and names the kinds it knows', () => {
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ EVENT_STORE: 'memory', READ_STORE: 'pglite' })).toEqual([
      'READ_STORE=pglite keeps the read models beside the events: it requires EVENT_STORE=pglite',
    ]);
    expect(problems({ EVENT_STORE: 'pglite', READ_STORE: 'postgres' })).toEqual([
      'READ_STORE=postgres keeps the read models beside the events: it requires EVENT_STORE=postgres',
    ]);
    expect(problems({ READ_STORE: 'sqlite' })).toEqual([
      "READ_STORE='sqlite' is not one of: memory, pglite, postgres, mongodb",
    ]);
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
    expect(() => loadConfig({ EVENT_STORE: 'postgres', DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must start with postgres:// or postgresql://',
    );
    expect(
      loadConfig({
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
        READ_STORE: 'mongodb',
        MONGODB_URL: 'mongodb://localhost',
      }).eventStoreUrl,
    ).toBe('esdb://localhost:2113?tls=false');
  });

  it('requires MongoDB beside EventStoreDB, for the vault', () => {
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://localhost:2113' })).toThrow(
      'EVENT_STORE=eventstoredb requires READ_STORE=mongodb (the vault of password hashes and keys lives in MongoDB)',
    );
  });

  it("keeps scrypt's cost at 2^15 or more, except in a test run", () => {
    expect(loadConfig({}).identity.passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '17' }).identity.passwordHashCost).toBe(17);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(
      "PASSWORD_HASH_COST='10' must be from 15 to 20 (from 10 only when NODE_ENV=test)",
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21', NODE_ENV: 'test' })).toThrow('must be from 15 to 20');
    expect(loadConfig({ PASSWORD_HASH_COST: '10', NODE_ENV: 'test' }).identity.passwordHashCost).toBe(10);
  });

  it('reads the sign-in settings: admin e-mails, token lifetime, rate limits, and OIDC all or nothing', () => {
    expect(
      loadConfig({ ADMIN_EMAILS: ' Boss@Example.nz, ops@example.nz ,', TOKEN_TTL_SECONDS: '60' }).identity,
    ).toEqual({
      adminEmails: ['boss@example.nz', 'ops@example.nz'],
      tokenTtlSeconds: 60,
      passwordHashCost: 15,
      rateLimit: {
        perIp: 10,
        perAccount: 5,
        perAccountAnyAddress: 10,
        signInStartsPerIp: 30,
        resetRequestsPerIp: 10,
        resetMailsPerAccount: 3,
        emailVerificationsPerIp: 10,
        emailVerificationMailsPerAccount: 3,
      },
      oidc: null,
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.nz' })).toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ TOKEN_TTL_SECONDS: '0' })).toThrow("TOKEN_TTL_SECONDS='0' must be a positive integer");
    expect(loadConfig({}).chain.pendingBoundSeconds).toBe(120);
    expect(loadConfig({ CHAIN_PENDING_BOUND_SECONDS: '300' }).chain.pendingBoundSeconds).toBe(300);
    expect(() => loadConfig({ CHAIN_PENDING_BOUND_SECONDS: 'soon' })).toThrow(
      "CHAIN_PENDING_BOUND_SECONDS='soon' must be a positive integer",
    );
    expect(loadConfig({}).chain.stablecoinAddress).toBeNull();
    const coin = '0x00000000000000000000000000000000000000C0';
    expect(loadConfig({ STABLECOIN_ADDRESS: ` ${coin} ` }).chain.stablecoinAddress).toBe(coin);
    expect(() => loadConfig({ STABLECOIN_ADDRESS: 'usdc' })).toThrow(
      'STABLECOIN_ADDRESS must be an address: 0x and 40 hexadecimal digits',
    );
    expect(
      loadConfig({ OIDC_ISSUER: 'https://id.example.nz', OIDC_CLIENT_ID: 'kauri', OIDC_CLIENT_SECRET: 's' }).identity
        .oidc,
    ).toEqual({
      issuer: 'https://id.example.nz',
      clientId: 'kauri',
      clientSecret: 's',
    });
  });

  it('reads which proxies are trusted (TRUST_PROXY): the loopback by default, never everyone nor a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, loopback,2001:db8::/32 ,192.0.2.7,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,2001:db8::/32,192.0.2.7,::1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY=true would believe X-Forwarded-For from any client',
    );
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow("TRUST_PROXY='2': hop counts are not supported");
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.local,loopback,::1/129' })).toThrow(
      "TRUST_PROXY: '10.0.0.0/33', 'proxy.local', '::1/129' is not an address, a CIDR range or one of loopback",
    );
    expect(loadConfig({ AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS: '3' }).identity.rateLimit.perAccountAnyAddress).toBe(
      3,
    );
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS: '0' })).toThrow(
      "AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS='0' must be a positive integer",
    );
  });

  it('reads the mail settings and the public address for links in e-mails', () => {
    expect(loadConfig({})).toMatchObject({
      publicUrl: 'http://localhost:3000',
      mail: { smtpUrl: null, from: 'Kauri <no-reply@kauri.nz>' },
      registerInterestRateLimitPerIp: 5,
    });
    const smtp = { SMTP_URL: 'smtps://u:p@smtp.example.nz:465', MAIL_FROM: 'Kauri <hello@kauri.nz>' };
    expect(loadConfig({ PUBLIC_URL: 'https://kauri.nz/', ...smtp })).toMatchObject({
      publicUrl: 'https://kauri.nz',
      mail: { smtpUrl: 'smtps://u:p@smtp.example.nz:465', from: 'Kauri <hello@kauri.nz>' },
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.nz' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => loadConfig({ PUBLIC_URL: 'kauri.nz' })).toThrow('PUBLIC_URL must be an http(s) address');
  });

  it('warns at boot that several replicas on a shared event store need SMTP_URL, not the local mail outbox', () => {
    const postgres = { EVENT_STORE: 'postgres', DATABASE_URL: 'postgres://db/kauri' };
    expect(bootWarnings(loadConfig(postgres))).toEqual([
      "Mail goes to this process's DATA_DIR/outbox/ (no SMTP_URL): with more than one replica on the shared postgres event store, set SMTP_URL so that every replica sends through one server",
    ]);
    expect(bootWarnings(loadConfig({ ...postgres, SMTP_URL: 'smtp://mail.example.nz' }))).toEqual([]);
    // One process on its own data folder: the outbox is right there.
    expect(bootWarnings(loadConfig({}))).toEqual([]);
  });

  it('uses the sandbox payment provider without Stripe keys, and wants every Stripe setting once one is set', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test' })).toThrow(
      'STRIPE_SECRET_KEY is required when any other STRIPE_ setting is set',
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PROFESSIONAL, STRIPE_PRICE_ENTERPRISE must be set with STRIPE_SECRET_KEY',
    );
    const full = {
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_WEBHOOK_SECRET: 'wh',
      STRIPE_PRICE_PROFESSIONAL: 'p1',
      STRIPE_PRICE_ENTERPRISE: 'p2',
    };
    expect(loadConfig(full).stripe).toEqual({
      secretKey: 'sk',
      publishableKey: 'pk',
      webhookSecret: 'wh',
      prices: { professional: 'p1', enterprise: 'p2' },
      apiUrl: null,
    });
  });

  it('sends HSTS only when HSTS=true (or over TLS, decided per request); any other value stops the boot', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ HSTS: 'TRUE' }).hsts).toBe(true);
    expect(loadConfig({ HSTS: 'false' }).hsts).toBe(false);
    expect(() => loadConfig({ HSTS: 'yes' })).toThrow("HSTS='yes' must be true or false");
  });
});
