import { describe, expect, it } from 'vitest';
import { checkHost, failureKind, forbiddenKind, ownAddresses, rangesOf } from './hosts.ts';

describe('the addresses the terminal refuses', () => {
  it('names loopback, link-local, unspecified and multicast addresses, IPv4 and IPv6', () => {
    expect(forbiddenKind('127.0.0.1')).toBe('loopback');
    expect(forbiddenKind('127.255.0.9')).toBe('loopback');
    expect(forbiddenKind('::1')).toBe('loopback');
    expect(forbiddenKind('::ffff:127.0.0.1')).toBe('loopback');
    expect(forbiddenKind('0:0:0:0:0:ffff:7f00:1')).toBe('loopback');
    expect(forbiddenKind('169.254.169.254')).toBe('linkLocal');
    expect(forbiddenKind('fe80::1')).toBe('linkLocal');
    expect(forbiddenKind('febf::1')).toBe('linkLocal');
    expect(forbiddenKind('0.0.0.0')).toBe('unspecified');
    expect(forbiddenKind('::')).toBe('unspecified');
    expect(forbiddenKind('224.0.0.1')).toBe('multicast');
    expect(forbiddenKind('239.255.255.250')).toBe('multicast');
    expect(forbiddenKind('255.255.255.255')).toBe('multicast');
    expect(forbiddenKind('ff02::1')).toBe('multicast');
  });

  it('lets private, shared and public addresses through: customers routers live there, over VPN', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '14.1.1.2',
      'fd00::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      '126.255.255.255',
      '128.0.0.1',
      'fec0::1',
    ]) {
      expect(forbiddenKind(address), address).toBeUndefined();
    }
  });

  it('checks every address a name resolves to, and answers the one to connect to', async () => {
    // (this machine's own addresses aside: checked below)
    const none = () => [];
    const resolve = async (name: string) =>
      ({ 'vpn.example': ['10.8.0.2', 'fd00::2'], 'mixed.example': ['10.8.0.3', '::1'] })[name] ?? [];
    expect(await checkHost('vpn.example', { allowLoopback: false, resolve, own: none })).toEqual({
      ok: true,
      address: '10.8.0.2',
    });
    expect(await checkHost('mixed.example', { allowLoopback: false, resolve, own: none })).toEqual({
      ok: false,
      refused: 'forbidden',
      address: '::1',
      kind: 'loopback',
    });
    expect(await checkHost('mixed.example', { allowLoopback: true, resolve, own: none })).toMatchObject({ ok: true });
    expect(await checkHost('empty.example', { allowLoopback: false, resolve, own: none })).toEqual({
      ok: false,
      refused: 'unresolved',
      reason: 'no address',
    });
    // the allowance is for loopback only
    expect(await checkHost('169.254.169.254', { allowLoopback: true, resolve, own: none })).toMatchObject({
      ok: false,
      kind: 'linkLocal',
    });
    expect(await checkHost('127.0.0.1', { allowLoopback: true, resolve, own: none })).toEqual({
      ok: true,
      address: '127.0.0.1',
    });
  });
});

describe("the console's own addresses", () => {
  const own = () => ['127.0.0.1', '10.1.2.3', 'fd00::7', 'fe80::1'];
  const resolve = async (name: string) => ({ 'self.example': ['10.1.2.3'] })[name] ?? [];

  it('refuses an address of one of its interfaces, written in any form, and a name resolving to one', async () => {
    for (const host of [
      '10.1.2.3',
      '::ffff:10.1.2.3',
      '0:0:0:0:0:ffff:a01:203',
      'fd00::7',
      'FD00:0::7',
      'self.example',
    ]) {
      expect(await checkHost(host, { allowLoopback: false, resolve, own }), host).toMatchObject({
        ok: false,
        refused: 'forbidden',
        kind: 'own',
      });
    }
    expect(await checkHost('10.1.2.4', { allowLoopback: false, resolve, own })).toEqual({
      ok: true,
      address: '10.1.2.4',
    });
  });

  it("reads the machine's interfaces by default, and lets them through with loopback when allowed (the tests)", async () => {
    const mine = ownAddresses().filter((a) => !forbiddenKind(a));
    for (const address of mine) {
      expect(await checkHost(address, { allowLoopback: false }), address).toMatchObject({ ok: false, kind: 'own' });
      expect(await checkHost(address, { allowLoopback: true }), address).toMatchObject({ ok: true });
    }
    expect(await checkHost('10.1.2.3', { allowLoopback: true, resolve, own })).toMatchObject({ ok: true });
  });
});

describe('the private ranges, refused to webhooks unless allowed', () => {
  const check = (host: string, allowed?: string) =>
    checkHost(host, { allowLoopback: false, refusePrivate: true, allowed: rangesOf(allowed), own: () => [] });

  it('refuses RFC 1918, carrier-grade NAT and unique local addresses, and takes a range an administrator allowed', async () => {
    for (const host of [
      '10.1.2.3',
      '172.31.0.1',
      '192.168.0.10',
      '100.64.0.1',
      '100.100.100.200',
      'fd00::1',
      'fd00:ec2::254',
      '::ffff:192.168.1.1',
    ]) {
      expect(await check(host), host).toMatchObject({ ok: false, refused: 'forbidden', kind: 'private' });
    }
    expect(await check('203.0.113.10')).toEqual({ ok: true, address: '203.0.113.10' });
    expect(await check('10.20.1.2', '10.20.0.0/16, fd12::/64')).toEqual({ ok: true, address: '10.20.1.2' });
    expect(await check('10.21.1.2', '10.20.0.0/16')).toMatchObject({ ok: false, kind: 'private' });
    // the terminal's check keeps private ranges open (customers' routers are there, over VPN)
    expect(await checkHost('10.1.2.3', { allowLoopback: false, own: () => [] })).toEqual({
      ok: true,
      address: '10.1.2.3',
    });
    expect(() => rangesOf('10.0.0.0/33')).toThrow(/not a range/);
    expect(() => rangesOf('example.com/8')).toThrow(/not a range/);
  });

  it("keeps a failed delivery's kind, never the socket's message", () => {
    const err = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.5:8443`), { code });
    expect(failureKind(err('ECONNREFUSED'))).toBe('unreachable');
    expect(failureKind(err('ETIMEDOUT'))).toBe('unreachable');
    expect(failureKind(err('EHOSTUNREACH'))).toBe('unreachable');
    expect(failureKind(err('ENOTFOUND'))).toBe('unresolved');
    expect(failureKind(err('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('TLS failed');
  });
});
