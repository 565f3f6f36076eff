/**
 * No SSRF (docs/decisions/026-webhooks.md): without WEBHOOKS_ALLOW_PRIVATE, a URL whose host is or
 * resolves to a loopback, private, link-local, unique-local, CGNAT, multicast, unspecified or
 * metadata address is refused at registration, and a delivery connects only to a public address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { httpSender, isBlockedAddress } from './index';
import { startReceiver } from './receiver.testing';

const slug = 'ssrf-hack';
let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp({ firstName: 'Olga' });
  await createEvent(h, owner, { slug, name: 'SSRF Hack', teamSizeMin: 2, teamSizeMax: 4 }, { publish: false });
});
afterAll(() => h.close());

const register = (url: string) =>
  h.api('POST /api/events/{slug}/webhooks', { params: { slug }, cookie: owner.cookie, body: { url, kinds: ['team_created'] } });

const PRIVATE = {
  loopback: ['127.0.0.1', '127.8.9.10', '[::1]'],
  private: ['10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1'],
  'link-local and metadata': ['169.254.169.254', '169.254.1.1', '[fe80::1]'],
  'unique-local': ['[fc00::1]', '[fd00:ec2::254]'],
  CGNAT: ['100.64.0.1', '100.127.255.254'],
  multicast: ['224.0.0.1', '239.1.1.1', '[ff02::1]'],
  unspecified: ['0.0.0.0', '0.1.2.3', '[::]'],
  'IPv4-mapped IPv6': ['[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]', '[::ffff:a9fe:a9fe]'],
  'other spellings of 127.0.0.1': ['2130706433', '0x7f.1', '127.1'],
};

describe('registration', () => {
  for (const [kind, hosts] of Object.entries(PRIVATE)) {
    it(`refuses ${kind} addresses`, async () => {
      for (const host of hosts) {
        const refused = await register(`https://${host}/hook`);
        expect(refused.status, host).toBe(400);
        expect(refused.body.code, host).toBe('webhook_url_private');
        expect(refused.body.error).toBe('This URL points to a private, loopback or link-local address: use a public address');
        expect(refused.body.fields).toHaveProperty('url');
      }
    });
  }

  it('tells the web app it takes https and public addresses only (GET /api/config), so the form can say so first', async () => {
    expect((await h.api('GET /api/config')).body.webhooksAllowHttp).toBe(false);
  });

  it('refuses a host name that resolves to loopback (localhost), and http', async () => {
    const local = await register('https://localhost:8443/hook');
    expect(local.status).toBe(400);
    expect(local.body.code).toBe('webhook_url_private');
    const plain = await register('http://93.184.216.34/hook');
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('webhook_url_https');
  });

  it('accepts a public address', async () => {
    const ok = await register('https://93.184.216.34/hook');
    expect(ok.status).toBe(201);
    expect(ok.body.url).toBe('https://93.184.216.34/hook');
  });
});

describe('addresses', () => {
  it('tells blocked from public ones', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.20.1.1', '192.168.0.1', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.5'])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of [
      '::1',
      '::',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:c0a8:101',
      '::7f00:1',
    ])
      expect(isBlockedAddress(a), a).toBe(true);
    // The documentation ranges are not private: tests/e2e/webhooks.spec.ts uses TEST-NET-1 as a public address nobody answers at.
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '192.0.2.10'])
      expect(isBlockedAddress(a), a).toBe(false);
  });
});

describe('delivery', () => {
  it('never connects to a private address, whatever the name resolved to at registration (DNS rebinding)', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const send = httpSender({ allowPrivate: false });
    const attempt = { secret: 's', deliveryId: 'd', kind: 'team_created', body: '{}' };
    // A name that resolves to loopback at delivery time: the pinned lookup refuses the address it resolved.
    const byName = await send({ ...attempt, url: `https://localhost:${port}/hook` });
    expect(byName).toMatchObject({ ok: false, status: null });
    expect(!byName.ok && byName.error).toMatch(/private address/);
    const byAddress = await send({ ...attempt, url: `https://127.0.0.1:${port}/hook` });
    expect(!byAddress.ok && byAddress.error).toMatch(/private address/);
    // With the setting (tests), the same receiver is reached over http.
    const allowed = await httpSender({ allowPrivate: true })({ ...attempt, url: receiver.url });
    expect(allowed).toEqual({ ok: true, status: 200 });
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it('does not follow redirects and gives up after the timeout', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const send = httpSender({ allowPrivate: true, timeoutMs: 300 });
    const attempt = { secret: 's', deliveryId: 'd', kind: 'team_created', body: '{}' };
    expect(await send({ ...attempt, url: `http://127.0.0.1:${port}/` })).toEqual({ ok: false, status: 302, error: 'answered HTTP 302' });
    const slow = await send({ ...attempt, url: `http://127.0.0.1:${port}/slow` });
    expect(slow).toMatchObject({ ok: false, status: null });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
