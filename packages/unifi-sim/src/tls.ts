// A self-signed certificate, as real UniFi consoles and controllers serve out of the box, made with Node's crypto.
// (Art-of-WiFi/UniFi-API-client's Client is built with `$ssl_verify = false` by default, at `https://127.0.0.1:8443`,
// for that reason.)
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** A certificate and its key (PEM), and its SHA-256 fingerprint as Node prints it (`AB:CD:…`). */
export type Certificate = { cert: string; key: string; fingerprint256: string };

// DER, the few types an X.509 certificate needs (ITU-T X.690)
const length = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
/** A non-negative INTEGER, in the fewest bytes DER allows (a leading zero byte only before a high bit). */
export const integer = (bytes: Buffer) => {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  return tlv(0x02, (body[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
};
const explicit = (n: number, body: Buffer) => tlv(0xa0 + n, body);
const oid = (dotted: string) => {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift(0x80 | (x & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
};
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const octets = (body: Buffer) => tlv(0x04, body);
const bits = (body: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), body]));

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const BASIC_CONSTRAINTS = '2.5.29.19';
const SUBJECT_ALT_NAME = '2.5.29.17';

const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END ${label}-----\n`;

/** The fingerprint of a certificate's DER as Node's `fingerprint256` prints it. */
export const fingerprintOf = (der: Buffer) =>
  createHash('sha256').update(der).digest('hex').toUpperCase().match(/.{2}/g)?.join(':') ?? '';

/**
 * A self-signed certificate (P-256) for `names` (DNS names, and IPv4 addresses as such), valid from 2000 with no
 * end (RFC 5280's 99991231235959Z): nothing about it depends on today's date. A new key each time, so two calls
 * give two certificates with different fingerprints (a console reinstalled, or a machine in the middle).
 */
export function selfSignedCertificate(names: string[] = ['localhost', '127.0.0.1']): Certificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const subject = seq(set(seq(oid(COMMON_NAME), utf8(names[0] ?? 'unifi'))));
  const altNames = names.map((n) =>
    /^\d+\.\d+\.\d+\.\d+$/.test(n) ? tlv(0x87, Buffer.from(n.split('.').map(Number))) : tlv(0x82, Buffer.from(n)),
  );
  const serial = randomBytes(16);
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    seq(oid(ECDSA_SHA256)),
    subject,
    seq(tlv(0x17, Buffer.from('000101000000Z')), tlv(0x18, Buffer.from('99991231235959Z'))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      seq(
        // a console's own certificate is its own authority: trusting it (`ca`) is pinning it
        seq(oid(BASIC_CONSTRAINTS), octets(seq(tlv(0x01, Buffer.from([0xff]))))),
        seq(oid(SUBJECT_ALT_NAME), octets(seq(...altNames))),
      ),
    ),
  );
  const der = seq(tbs, seq(oid(ECDSA_SHA256)), bits(sign('sha256', tbs, privateKey)));
  return {
    cert: pem('CERTIFICATE', der),
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    fingerprint256: fingerprintOf(der),
  };
}
