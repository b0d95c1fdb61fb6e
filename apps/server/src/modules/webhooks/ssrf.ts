import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../lib/errors.ts';

// Addresses a webhook may not reach (decision 0262): the machine itself, private networks, link-local
// (the cloud metadata service at 169.254.169.254 among them), CGNAT, unique-local, multicast, reserved.
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. A rule on
  // ::ffff:0:0/96 would not do: BlockList matches every IPv4 address against it.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return blocked.check(dotted, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const REFUSED = 'Webhook URLs must be public https addresses';

/**
 * Refuses a URL that is not https or whose host resolves to a private address, unless private targets
 * are allowed (WEBHOOKS_ALLOW_PRIVATE, for local fakes). Checked at registration and before each
 * delivery, since DNS may change in between. Answers the URL parsed.
 */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = new URL(raw);
  if (url.username || url.password) throw badRequest('Webhook URLs may not carry a user name or password');
  if (allowPrivate) return url;
  if (url.protocol !== 'https:') throw badRequest(REFUSED, { url: REFUSED });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw badRequest(`The host ${host} could not be resolved`, { url: 'Unknown host' });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw badRequest(REFUSED, { url: REFUSED });
  return url;
}
