import ipaddr from "ipaddr.js";

/**
 * IPv6 addresses of one network count as one address: a provider hands each customer a /64
 * (or more), so one phone or one attacker has billions of addresses to choose from.
 */
export const IPV6_GROUP_BITS = 64;

/**
 * The key of the client's address for per-address limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /64 network. Anything that
 * does not parse stays as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === "ipv4") return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/${IPV6_GROUP_BITS}`);
  return `${network.toString()}/${IPV6_GROUP_BITS}`;
}
