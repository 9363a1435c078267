import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { type RdapStandIn, startRdapStandIn } from '#server/test/rdap-standin.ts';
import { ANSWER_TTL_MS, createAvailabilityChecker, parseBootstrap } from './service.ts';

let rdap: RdapStandIn;
let t: TestApp;

beforeAll(async () => {
  rdap = await startRdapStandIn({ registered: ['taken.com', 'taken.net'] });
  rdap.slow.add('slow.com');
  rdap.failing.add('broken.com');
  t = await createTestApp({
    env: {
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      // long enough that a loaded machine still gets the stand-in's answers in time (with 300 ms, three
      // tests failed in a full run beside other suites); 'slow.com' is held open, so it still times out
      RDAP_TIMEOUT_MS: '1500',
      RATE_LIMIT_AVAILABILITY_PER_IP: '40',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rdap?.close();
});

const ask = (domain: string, from?: string) =>
  t.call('GET', `/availability?domain=${encodeURIComponent(domain)}`, undefined, {}, from);
const asked = (name: string) => rdap.requests.filter((p) => p === `/rdap/domain/${name}`).length;

describe('GET /availability', () => {
  it('answers registered for a name the registry knows (200) and available for one it does not (404)', async () => {
    const taken = await ask('taken.com');
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ domainName: 'taken.com', status: 'registered' });
    const free = await ask('free-name.com');
    expect(free.body.data).toEqual({ domainName: 'free-name.com', status: 'available' });
    // the bootstrap file was read once for both
    expect(rdap.requests.filter((p) => p === '/dns.json')).toHaveLength(1);
  });

  it('cleans the name as typed or pasted', async () => {
    const r = await ask(' HTTPS://www.Taken.NET/some/path ');
    expect(r.body.data).toEqual({ domainName: 'taken.net', status: 'registered' });
  });

  it('answers unknown when the registry times out or fails, never an error', async () => {
    const started = Date.now();
    const slow = await ask('slow.com');
    expect(slow.status).toBe(200);
    expect(slow.body.data.status).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(5000);
    const broken = await ask('broken.com');
    expect(broken.status).toBe(200);
    expect(broken.body.data.status).toBe('unknown');
  });

  it('answers unknown for a TLD the bootstrap file does not list, without asking anyone', async () => {
    const before = rdap.requests.length;
    const r = await ask('example.zz');
    expect(r.body.data).toEqual({ domainName: 'example.zz', status: 'unknown' });
    expect(rdap.requests.length).toBe(before);
  });

  it('answers a repeated question from its cache', async () => {
    await ask('cached-once.com');
    await ask('cached-once.com');
    await ask('cached-once.com');
    expect(asked('cached-once.com')).toBe(1);
  });

  it.each([
    ['', 'empty'],
    ['not a domain', 'spaces'],
    ['nodot', 'no extension'],
    [`${'a'.repeat(64)}.com`, 'a label over 63'],
    ['x\u0000.com', 'a NUL'],
  ])('refuses %j (%s) with 400 and the shared domain message', async (domain) => {
    const r = await ask(domain);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The domain name you looking for is not a valid one.',
    });
  });

  it('refuses a missing domain and unknown parameters', async () => {
    expect((await t.call('GET', '/availability')).status).toBe(400);
    const extra = await t.call('GET', '/availability?domain=a.com&x=1');
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('UNKNOWN_FIELD');
  });

  it('limits each address', async () => {
    const from = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 41; i++) last = (await ask('taken.com', from)).status;
    expect(last).toBe(429);
    // another address is not affected
    expect((await ask('taken.com', '203.0.113.10')).status).toBe(200);
  });
});

describe('the RDAP checker', () => {
  it('keeps answers for their TTL only', async () => {
    let clock = 1_000_000;
    const checker = createAvailabilityChecker({
      bootstrapUrl: rdap.bootstrapUrl,
      timeoutMs: 1000,
      now: () => clock,
    });
    expect(await checker.check('ttl-test.com')).toBe('available');
    expect(await checker.check('ttl-test.com')).toBe('available');
    expect(asked('ttl-test.com')).toBe(1);
    clock += ANSWER_TTL_MS.available + 1;
    expect(await checker.check('ttl-test.com')).toBe('available');
    expect(asked('ttl-test.com')).toBe(2);
  });

  it('shares one request between concurrent lookups of a name', async () => {
    const checker = createAvailabilityChecker({ bootstrapUrl: rdap.bootstrapUrl, timeoutMs: 1000 });
    const answers = await Promise.all([1, 2, 3].map(() => checker.check('together.com')));
    expect(answers).toEqual(['available', 'available', 'available']);
    expect(asked('together.com')).toBe(1);
  });

  it('asks one configured base URL for every TLD when RDAP_BASE_URL is set', async () => {
    const checker = createAvailabilityChecker({
      bootstrapUrl: 'http://127.0.0.1:9/never.json',
      baseUrl: `${rdap.url}/rdap`,
      timeoutMs: 1000,
    });
    expect(await checker.check('taken.com')).toBe('registered');
    expect(await checker.check('anything.zz')).toBe('available');
  });

  it('answers unknown when the bootstrap file cannot be fetched', async () => {
    const checker = createAvailabilityChecker({
      bootstrapUrl: 'http://127.0.0.1:9/dns.json',
      timeoutMs: 500,
    });
    expect(await checker.check('taken.com')).toBe('unknown');
  });

  it('reads the bootstrap file, preferring https base URLs', () => {
    const map = parseBootstrap({
      services: [
        [
          ['com', 'NET'],
          ['http://rdap.example/com/', 'https://rdap.example/com/v1'],
        ],
        [['org'], ['https://rdap.example/org/']],
        ['garbage'],
      ],
    });
    expect(map.get('com')).toBe('https://rdap.example/com/v1/');
    expect(map.get('net')).toBe('https://rdap.example/com/v1/');
    expect(map.get('org')).toBe('https://rdap.example/org/');
    expect(parseBootstrap(null).size).toBe(0);
  });
});
