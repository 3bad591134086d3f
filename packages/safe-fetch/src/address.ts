import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6
export type Cidr = [Address, number]

// ipaddr.js labels every special-purpose range (loopback, private, link-local, CGNAT, multicast, documentation,
// NAT64, 6to4, Teredo, ...) with its own name; only what is left over is 'unicast'.
const PUBLIC_RANGE = 'unicast'
// Global unicast IPv6 lives in 2000::/3; outside it 'unicast' still covers unassigned space and the deprecated
// IPv4-compatible block ::/96 (::a.b.c.d), which some stacks route to the embedded IPv4 address.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

/** Strips the brackets of an IPv6 URL host, so `[::1]` becomes `::1`. */
export function unbracket (host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** True when `host` (a URL hostname, brackets allowed) is an IP address rather than a DNS name. */
export function isIpLiteral (host: string): boolean {
  return isIP(unbracket(host)) !== 0
}

/**
 * IPv6 text rewritten by the WHATWG URL host parser, the one undici connects with: ipaddr.js reads a dotted tail
 * after `::` (`::8.8.8.8`, IPv4-compatible) as IPv4-mapped (`::ffff:8.8.8.8`), while the URL parser keeps the bits
 * written (`::808:808`). Zone ids (`fe80::1%eth0`) have no URL form and give null: not public.
 */
function canonicalIpv6 (text: string): string | null {
  try {
    return unbracket(new URL(`http://[${text}]/`).hostname)
  } catch {
    return null
  }
}

/** Parses canonical IP text only, unwrapping IPv4-mapped IPv6 (`::ffff:127.0.0.1` is judged as 127.0.0.1). */
function parseAddress (ip: string): Address | null {
  const family = isIP(unbracket(ip))
  const text = family === 6 ? canonicalIpv6(unbracket(ip)) : unbracket(ip)
  if (family === 0 || text === null) return null
  try {
    return ipaddr.process(text)
  } catch {
    return null
  }
}

/** Parses `a.b.c.d/n`, `x::/n` or a bare address (a single-host range); throws on anything else. */
export function parseCidr (text: string): Cidr {
  const trimmed = text.trim()
  if (!trimmed.includes('/')) {
    const address = parseAddress(trimmed)
    if (address === null) throw new Error(`"${trimmed}" is not an IP address or CIDR range`)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  }
  const slash = trimmed.indexOf('/')
  const base = trimmed.slice(0, slash)
  const canonical = isIP(base) === 6 ? canonicalIpv6(base) : base
  let cidr: Cidr
  try {
    if (canonical === null) throw new Error('no URL form')
    cidr = ipaddr.parseCIDR(canonical + trimmed.slice(slash))
  } catch {
    throw new Error(`"${trimmed}" is not an IP address or CIDR range`)
  }
  const [address, prefix] = cidr
  // An IPv4-mapped range such as ::ffff:127.0.0.1/128 must match the unwrapped addresses we compare against it.
  if (address.kind() === 'ipv6' && prefix >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96]
  }
  return cidr
}

export function parseCidrs (list: readonly string[]): Cidr[] {
  return list.map(parseCidr)
}

function inAnyCidr (address: Address, cidrs: readonly Cidr[]): boolean {
  return cidrs.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits))
}

function isPublic (address: Address): boolean {
  if (address.range() !== PUBLIC_RANGE) return false
  return address.kind() === 'ipv4' || address.match(GLOBAL_UNICAST_V6)
}

/** True when `ip` is in one of the (pre-parsed) allow-listed ranges. */
export function isAllowListed (ip: string, cidrs: readonly Cidr[]): boolean {
  const address = parseAddress(ip)
  return address !== null && inAnyCidr(address, cidrs)
}

/** True when `ip` may be contacted: public unicast, or inside one of the (pre-parsed) allow-listed ranges. */
export function isPermittedAddress (ip: string, cidrs: readonly Cidr[]): boolean {
  const address = parseAddress(ip)
  if (address === null) return false
  return isPublic(address) || inAnyCidr(address, cidrs)
}

/**
 * True when `ip` is a public unicast address (packages/safe-fetch/README.md, What it guarantees), or lies inside one of `allowCidrs`.
 * Anything that is not plain IP text (hostnames, `2130706433`, `0x7f000001`) is not public.
 */
export function isPublicAddress (ip: string, allowCidrs: readonly string[] = []): boolean {
  return isPermittedAddress(ip, parseCidrs(allowCidrs))
}
