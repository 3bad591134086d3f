// For tests of this package and of every route that takes a target URL: the targets the fetcher refuses, in one list,
// so that a route's own check is held to exactly the fetcher's rules.

/** The ports of the test's listeners on the loopback addresses, where a target that slipped through would land. */
export interface LoopbackPorts { v4: number, v6: number }

export interface RefusedTarget {
  /** How the target is written, and what makes it one. */
  name: string
  url: (ports: LoopbackPorts) => string
}

/**
 * Refused under a policy that allows nothing (the production one): loopback in every notation the URL parser reads
 * (decimal, hex, octal, short), IPv4-mapped IPv6, the unspecified address, names the system resolver maps to loopback
 * (with the trailing dot of a fully qualified name, in any case), the cloud metadata addresses and a private one.
 */
export const REFUSED_TARGETS: readonly RefusedTarget[] = [
  { name: '127.0.0.1', url: ({ v4 }) => `http://127.0.0.1:${v4}/` },
  { name: '2130706433 (decimal)', url: ({ v4 }) => `http://2130706433:${v4}/` },
  { name: '0x7f000001 (hex)', url: ({ v4 }) => `http://0x7f000001:${v4}/` },
  { name: '0177.0.0.1 (octal)', url: ({ v4 }) => `http://0177.0.0.1:${v4}/` },
  { name: '127.1 (short)', url: ({ v4 }) => `http://127.1:${v4}/` },
  { name: '[::1]', url: ({ v6 }) => `http://[::1]:${v6}/` },
  { name: '[::ffff:127.0.0.1] (IPv4-mapped)', url: ({ v4 }) => `http://[::ffff:127.0.0.1]:${v4}/` },
  { name: '[::ffff:7f00:1] (IPv4-mapped, hex)', url: ({ v4 }) => `http://[::ffff:7f00:1]:${v4}/` },
  { name: '0.0.0.0 (unspecified)', url: ({ v4 }) => `http://0.0.0.0:${v4}/` },
  { name: 'localhost', url: ({ v4 }) => `http://localhost:${v4}/` },
  { name: 'localhost. (trailing dot)', url: ({ v4 }) => `http://localhost.:${v4}/` },
  { name: 'LOCALHOST. (any case)', url: ({ v4 }) => `http://LOCALHOST.:${v4}/` },
  { name: '169.254.169.254 (cloud metadata)', url: () => 'http://169.254.169.254/latest/meta-data/' },
  { name: '[fd00:ec2::254] (AWS metadata over IPv6)', url: () => 'http://[fd00:ec2::254]/latest/meta-data/' },
  { name: '10.0.0.1 (private)', url: () => 'http://10.0.0.1/' }
]
