import net from 'node:net';

/** Whether a socket's remote address is one of the trusted proxies. */
export type ProxyCheck = (address: string | undefined) => boolean;

/**
 * `TRUST_PROXY_FROM`: addresses or subnets (`10.0.0.0/8`, `fd00::/8`), comma-separated, as a check
 * of a socket's remote address (an IPv4 address seen on an IPv6 socket, `::ffff:a.b.c.d`, counts as
 * itself); null when an entry is neither.
 */
export function proxyList(value: string): ProxyCheck | null {
  const list = new net.BlockList();
  for (const entry of value.split(',').map((s) => s.trim())) {
    if (!entry) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    if (!type || extra !== undefined) return null;
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (type === 'ipv4' ? 32 : 128)) return null;
      list.addSubnet(address, bits, type);
    }
  }
  return (address) => {
    if (!address) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (v4) return list.check(v4, 'ipv4');
    return net.isIPv4(address)
      ? list.check(address, 'ipv4')
      : net.isIPv6(address) && list.check(address, 'ipv6');
  };
}

/**
 * The client's address: on a connection from a trusted proxy, the `hops`-th address from the right
 * of X-Forwarded-For (the one the outermost proxy saw; anything left of it was written by the
 * client); on any other connection, the socket's own, whatever the request's headers say.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: ProxyCheck,
  hops: number,
): string {
  const own = socketAddress ?? '';
  if (!forwardedFor || !trusted(own)) return own;
  const chain = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.slice(-hops)[0] ?? own;
}
