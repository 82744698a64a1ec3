/**
 * docker-compose.yml and deploy/haproxy.cfg, checked by reading them (Docker does not run on the machines that run
 * this suite): two app replicas per store profile behind the load balancer, readiness health checks and restart
 * policies everywhere, and no setting the app does not read. See docs/operations.md, "Scaling out".
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, unknown>;
  healthcheck?: { test: string[] | string };
  restart?: string;
  depends_on?: Record<string, { condition?: string }>;
  networks?: Record<string, { aliases?: string[]; ipv4_address?: string } | null>;
  volumes?: string[];
  ports?: string[];
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const haproxy = read('deploy/haproxy.cfg');

/** Every environment variable name backend/src/platform/config.ts reads: `env.NAME` and names given as text. */
const configNames = new Set(
  [...read('backend/src/platform/config.ts').matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)].map(
    (m) => m[1] ?? m[2],
  ),
);

const apps = services.filter(([, s]) => s.build !== undefined);
const PROFILES = ['postgres', 'eventstoredb'];

describe('docker-compose.yml', () => {
  it('reads config.ts names (sanity of the name harvest)', () => {
    for (const name of ['EVENT_STORE', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY', 'AUTH_RATE_LIMIT_PER_IP'])
      expect(configNames).toContain(name);
  });

  it.each(PROFILES)('profile %s has two app replicas of the one build, on the same store', (profile) => {
    const replicas = apps.filter(([, s]) => s.profiles?.includes(profile));
    expect(replicas).toHaveLength(2);
    const envs = replicas.map(([, s]) => s.environment ?? {});
    expect(envs[0]).toEqual(envs[1]);
    for (const [, s] of replicas) expect(s.build).toBe('.');
    const env = envs[0]!;
    if (profile === 'postgres') {
      expect(env).toMatchObject({ EVENT_STORE: 'postgres', READ_STORE: 'postgres' });
      expect(String(env.DATABASE_URL)).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    } else {
      expect(env).toMatchObject({ EVENT_STORE: 'eventstoredb', READ_STORE: 'mongodb' });
      expect(String(env.EVENTSTORE_URL)).toMatch(/^esdb:\/\/eventstore:2113/);
      expect(String(env.MONGODB_URL)).toMatch(/^mongodb:\/\/mongodb:27017\//);
    }
    // Replicas on one event store send mail through one SMTP server (a replica's outbox folder is its own).
    expect(String(env.SMTP_URL)).toMatch(/^smtp:\/\/mailpit:1025$/);
    // The chain is a service of its own.
    expect(env).toMatchObject({ CHAIN: 'rpc', CHAIN_RPC_URL: 'http://anvil:8545', CHAIN_ID: 31337 });
    // Each replica answers to one of the load balancer's upstream names.
    const aliases = replicas.flatMap(([, s]) => s.networks?.default?.aliases ?? []);
    expect(aliases.sort()).toEqual(['app-1', 'app-2']);
    // The profile's store services exist and the replicas wait for them to be healthy.
    for (const [, s] of replicas)
      for (const [dependency, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(condition).toBe('service_healthy');
        const target = compose.services[dependency];
        expect(target).toBeDefined();
        if (target?.profiles) expect(target.profiles).toContain(profile);
      }
  });

  it('every app replica has the readiness health check on /api/health and a restart policy', () => {
    expect(apps.length).toBeGreaterThanOrEqual(4);
    for (const [name, s] of apps) {
      const test = [s.healthcheck?.test ?? []].flat().join(' ');
      expect({ name, readiness: /\/api\/health['"/)]/.test(test) && !test.includes('/api/health/live') }).toEqual({
        name,
        readiness: true,
      });
      expect({ name, restart: s.restart }).toEqual({
        name,
        restart: expect.stringMatching(/^(unless-stopped|on-failure)/),
      });
    }
  });

  it('every service has a health check and a restart policy', () => {
    for (const [name, s] of services) {
      expect({ name, healthcheck: Boolean(s.healthcheck?.test) }).toEqual({ name, healthcheck: true });
      expect({ name, restart: s.restart }).toEqual({
        name,
        restart: expect.stringMatching(/^(unless-stopped|on-failure)/),
      });
    }
  });

  it('sets no environment variable that config.ts does not read', () => {
    for (const [name, s] of apps)
      for (const key of Object.keys(s.environment ?? {}))
        expect({ name, key, read: configNames.has(key) }).toEqual({ name, key, read: true });
  });

  it.each(PROFILES)('profile %s has a load balancer that waits for its replicas to be healthy', (profile) => {
    const lbs = services.filter(([, s]) => s.image?.startsWith('haproxy') && s.profiles?.includes(profile));
    expect(lbs).toHaveLength(1);
    const [, lb] = lbs[0]!;
    const replicas = apps.filter(([, s]) => s.profiles?.includes(profile)).map(([name]) => name);
    expect(Object.keys(lb.depends_on ?? {}).sort()).toEqual(replicas.sort());
    for (const { condition } of Object.values(lb.depends_on ?? {})) expect(condition).toBe('service_healthy');
    expect(lb.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    // The replicas believe X-Forwarded-* from exactly the load balancer's address.
    const address = lb.networks?.default?.ipv4_address;
    expect(address).toBeDefined();
    for (const name of replicas) expect(compose.services[name]?.environment?.TRUST_PROXY).toBe(address);
  });

  it('the chain and the mail catcher are services of their own in every profile', () => {
    expect(compose.services.anvil?.image).toMatch(/^ghcr\.io\/foundry-rs\/foundry/);
    expect(compose.services.anvil?.profiles).toBeUndefined();
    expect(compose.services.mailpit?.image).toMatch(/^axllent\/mailpit/);
    expect(compose.services.mailpit?.profiles).toBeUndefined();
  });
});

describe('deploy/haproxy.cfg', () => {
  it('names every replica alias as a server, routes by readiness (GET /api/health) and passes the forwarded headers', () => {
    const servers = [...haproxy.matchAll(/^\s*server\s+[\w-]+\s+([\w.-]+):3000\s*$/gm)].map((m) => m[1]);
    expect(servers.sort()).toEqual(['app-1', 'app-2']);
    expect(haproxy).toMatch(/^\s*option httpchk$/m);
    expect(haproxy).toMatch(/http-check send meth GET uri \/api\/health/);
    expect(haproxy).toMatch(/http-check expect status 200/);
    expect(haproxy).toMatch(/default-server check inter \d+s/);
    expect(haproxy).toMatch(/^\s*option forwardfor$/m);
    expect(haproxy).toMatch(/http-request set-header X-Forwarded-Proto/);
    expect(haproxy).toMatch(/monitor-uri \/lb-health/);
    // The port the compose file publishes is the one the proxy binds.
    expect(haproxy).toMatch(/^\s*bind :8080$/m);
  });
});
