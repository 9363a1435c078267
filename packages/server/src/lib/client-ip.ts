import type { Context } from 'hono';

/**
 * The client's address: the left-most X-Forwarded-For entry only when a trusted proxy is configured
 * (otherwise anyone could pick their own rate-limit bucket), else the socket's remote address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    const first = xff?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True for a request from this machine, straight to the socket: a loopback remote address and no
 * forwarding header (a reverse proxy on the same machine would otherwise make every visitor local).
 */
export function isLoopbackClient(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return LOOPBACK.test(incoming?.socket?.remoteAddress ?? '');
}
