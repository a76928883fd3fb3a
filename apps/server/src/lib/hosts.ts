import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * The kinds of address the console never connects to (the terminal, the alerts' webhooks): they reach the console's own machine (loopback, or an
 * address of one of its own interfaces: `own`) or no one host.
 */
export type ForbiddenKind = 'loopback' | 'linkLocal' | 'unspecified' | 'multicast' | 'own' | 'private';

/**
 * The ranges refused, IPv4 and IPv6 (an IPv4-mapped IPv6 address, `::ffff:127.0.0.1`, is checked as its IPv4
 * address). Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) stay allowed: customers' routers live
 * there, reached over VPN.
 */
const RANGES: [ForbiddenKind, string, number, 'ipv4' | 'ipv6'][] = [
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['linkLocal', '169.254.0.0', 16, 'ipv4'],
  ['linkLocal', 'fe80::', 10, 'ipv6'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['multicast', '255.255.255.255', 32, 'ipv4'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

/**
 * The private ranges, refused to the alerts' webhooks (not to the terminal) unless allowed: RFC 1918, carrier-grade NAT
 * (100.64/10, where some clouds answer their metadata: 100.100.100.200), the benchmarking range, IETF protocol
 * assignments, and IPv6 unique local addresses (fc00::/7, AWS's metadata fd00:ec2::254 among them).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['198.18.0.0', 15],
  ['192.0.0.0', 24],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/**
 * Ranges written as CIDR (`10.20.0.0/16`, `fd12::/64`), comma- or space-separated, as a list to check addresses
 * against; throws naming the first that is not one.
 */
export function rangesOf(text: string | undefined): BlockList {
  const list = new BlockList();
  for (const range of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [network = '', bits = ''] = range.split('/');
    const family = isIP(network);
    const prefix = Number(bits);
    if (!family || !/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`not a range such as 10.20.0.0/16: "${range}"`);
    }
    list.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

const LISTS = new Map<ForbiddenKind, BlockList>();
for (const [kind, network, prefix, family] of RANGES) {
  let list = LISTS.get(kind);
  if (!list) {
    list = new BlockList();
    LISTS.set(kind, list);
  }
  list.addSubnet(network, prefix, family);
}

/** What kind of refused address an IP address is, or undefined when the terminal may connect to it. */
export function forbiddenKind(address: string): ForbiddenKind | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of LISTS) if (list.check(address, type)) return kind;
  return undefined;
}

/**
 * The addresses of the console's own machine, as its network interfaces have them now (a service bound to 0.0.0.0
 * on this machine answers on each of them). Read at each check: interfaces come and go.
 */
export const ownAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.split('%')[0] as string));

export type Resolve = (host: string) => Promise<string[]>;

/** Every address a name has (IPv4 and IPv6, as the system's resolver answers). */
export const resolveAll: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type HostCheck =
  | { ok: true; address: string }
  | { ok: false; refused: 'forbidden'; address: string; kind: ForbiddenKind }
  | { ok: false; refused: 'unresolved'; reason: string };

/**
 * The address the terminal connects to for a host: the host itself when it is an IP address, else the first
 * address its name resolves to. Refused when that address, or any other the name resolves to, is loopback or one of
 * the console's own interface addresses (unless allowed: the tests' SSH server), link-local, unspecified or
 * multicast. The connection then goes to the address
 * checked here, so that a name answering otherwise a moment later changes nothing.
 */
export async function checkHost(
  host: string,
  opts: {
    allowLoopback: boolean;
    resolve?: Resolve;
    own?: () => string[];
    /** refuse the private ranges too (the webhooks), but those `allowed` */
    refusePrivate?: boolean;
    allowed?: BlockList;
  },
): Promise<HostCheck> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = await (opts.resolve ?? resolveAll)(bare);
    } catch (err) {
      const code = (err as { code?: string }).code;
      return {
        ok: false,
        refused: 'unresolved',
        reason: code === 'ENOTFOUND' ? 'unknown name' : (code ?? 'no address'),
      };
    }
    if (addresses.length === 0) return { ok: false, refused: 'unresolved', reason: 'no address' };
  }
  // the machine's own addresses are refused as loopback is (and allowed with it: the tests' switch)
  const own = new BlockList();
  if (!opts.allowLoopback) {
    for (const address of (opts.own ?? ownAddresses)()) {
      const family = isIP(address);
      if (family) own.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    }
  }
  for (const address of addresses) {
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    const isPrivate = opts.refusePrivate && PRIVATE.check(address, type) && !opts.allowed?.check(address, type);
    const kind = forbiddenKind(address) ?? (own.check(address, type) ? 'own' : isPrivate ? 'private' : undefined);
    if (kind && !(kind === 'loopback' && opts.allowLoopback)) return { ok: false, refused: 'forbidden', address, kind };
  }
  return { ok: true, address: addresses[0] as string };
}

/**
 * What a log keeps of a failed connection (the webhooks' delivery log): its kind, never the socket's message (which would tell an
 * administrator's typo from a closed port of another machine: a scanner of the network behind the console).
 */
export function failureKind(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') return 'TLS failed';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unresolved';
  return 'unreachable';
}
