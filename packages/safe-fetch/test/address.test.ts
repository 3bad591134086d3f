import { describe, expect, test } from 'vitest'
import { isAllowListed, isIpLiteral, parseCidr, unbracket } from '../src/address.js'
import { isPublicAddress } from '../src/index.js'

// One address inside each special-purpose range of IANA's IPv4 and IPv6 registries.
const DENIED = [
  '127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', '255.255.255.255', '224.0.0.1', '239.255.255.250',
  '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.100.100.200',
  '240.0.0.1', '192.0.0.8', '192.0.2.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9',
  '::1', '::', 'ff02::1', 'fc00::1', 'fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
  '::ffff:169.254.169.254', '64:ff9b::a00:1', '64:ff9b:1::1', '2002:7f00:1::', '2001::1', '2001:db8::1', '100::1',
  // IPv4-compatible (deprecated, ::/96) and unassigned IPv6 space are outside global unicast 2000::/3, however the
  // embedded IPv4 address is written.
  '::7f00:1', '::808:808', '::8.8.8.8', '[::8.8.8.8]', '0:0:0:0:0:0:8.8.8.8', '::1.1.1.1', '4000::1'
]

const PUBLIC = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8']

describe('isPublicAddress', () => {
  test.each(DENIED)('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  test.each(PUBLIC)('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })

  test.each(['2130706433', '0x7f000001', '0177.0.0.1', '127.1', 'localhost', '', 'example.com', '1.2.3.4.5'])(
    'treats the non-canonical or non-IP text %j as not public', (text) => {
      expect(isPublicAddress(text)).toBe(false)
    })

  test('accepts bracketed IPv6 as written in URLs', () => {
    expect(isPublicAddress('[2606:4700:4700::1111]')).toBe(true)
    expect(isPublicAddress('[::1]')).toBe(false)
  })

  test('an allow-listed range exempts only its own addresses', () => {
    expect(isPublicAddress('127.0.0.1', ['127.0.0.1/32'])).toBe(true)
    expect(isPublicAddress('127.0.0.2', ['127.0.0.1/32'])).toBe(false)
    expect(isPublicAddress('::1', ['127.0.0.1/32'])).toBe(false)
    expect(isPublicAddress('10.1.2.3', ['10.0.0.0/8'])).toBe(true)
  })

  test('an IPv4-mapped address is judged by its IPv4 address, against the allow-list too', () => {
    expect(isPublicAddress('::ffff:127.0.0.1', ['127.0.0.1/32'])).toBe(true)
    expect(isPublicAddress('127.0.0.1', ['::ffff:127.0.0.1/128'])).toBe(true)
  })

  test('an IPv4-compatible range is an IPv6 range, not the IPv4 range it embeds', () => {
    expect(isPublicAddress('::7f00:1', ['::127.0.0.1/128'])).toBe(true)
    expect(isPublicAddress('127.0.0.1', ['::127.0.0.1/128'])).toBe(false)
  })

  test('throws on a malformed allow-list entry instead of ignoring it', () => {
    expect(() => isPublicAddress('127.0.0.1', ['127.0.0.1/33'])).toThrow(/not an IP address or CIDR range/)
  })
})

describe('helpers', () => {
  test('parseCidr reads a bare address as a single host', () => {
    expect(parseCidr('10.0.0.1')[1]).toBe(32)
    expect(parseCidr('::1')[1]).toBe(128)
    expect(() => parseCidr('nope')).toThrow()
  })

  test('isAllowListed ignores the public-address rule', () => {
    expect(isAllowListed('8.8.8.8', [parseCidr('127.0.0.0/8')])).toBe(false)
    expect(isAllowListed('127.0.0.9', [parseCidr('127.0.0.0/8')])).toBe(true)
  })

  test('IP literal detection handles brackets', () => {
    expect(isIpLiteral('[::1]')).toBe(true)
    expect(isIpLiteral('127.0.0.1')).toBe(true)
    expect(isIpLiteral('example.com')).toBe(false)
    expect(unbracket('[::1]')).toBe('::1')
  })
})
