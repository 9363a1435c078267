/**
 * Which URLs may receive webhooks. https only; plain http only for localhost / 127.0.0.1 / [::1]
 * outside production (a partner's local test receiver). In production no private, loopback,
 * link-local or otherwise non-public address, checked when the endpoint is saved and again on every
 * delivery against the address actually connected to (deliver.ts), so a name that later resolves
 * inside our network is refused too (SSRF).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@domain-broker/shared/errors';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may reach in production (public unicast). */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1] as string);
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family === 6) return !blocked.check(ip, 'ipv6');
  return false;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * The endpoint URL as stored, or WEBHOOK_URL_INVALID / WEBHOOK_URL_NOT_ALLOWED. `resolve` (production)
 * refuses a name that resolves to a non-public address now.
 */
export async function checkEndpointUrl(
  raw: string,
  opts: { production: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID');
  }
  if (url.username || url.password || !url.hostname) throw new AppError('WEBHOOK_URL_INVALID');
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:') {
    if (opts.production || !LOCAL_HOSTS.has(host)) throw new AppError('WEBHOOK_URL_INVALID');
  } else if (url.protocol !== 'https:') throw new AppError('WEBHOOK_URL_INVALID');
  url.hash = '';
  if (opts.production) {
    const literal = host.replace(/^\[|\]$/g, '');
    if (isIP(literal)) {
      if (!isPublicAddress(literal)) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
    } else {
      if (INTERNAL_NAME.test(host) || !host.includes('.')) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
      const resolve = opts.resolve ?? resolveAll;
      // A name that does not resolve yet is kept: every delivery checks the address again.
      const addresses = await resolve(host).catch(() => [] as string[]);
      if (addresses.some((a) => !isPublicAddress(a))) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
    }
  }
  return url.toString();
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((a) => a.address);
}
