// W3C Datetime (the profile of ISO 8601 that sitemaps.org requires for <lastmod>):
// YYYY, YYYY-MM, YYYY-MM-DD, or a date with hh:mm[:ss[.s]] and a zone designator (Z or ±hh:mm).
const W3C = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/

/** Epoch milliseconds of a valid W3C datetime (partial dates at their start, in UTC), else null. */
export function parseW3cDatetime (value: string): number | null {
  const m = W3C.exec(value.trim())
  if (m === null) return null
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m
  const month = Number(mo)
  const day = Number(d)
  if (month < 1 || month > 12 || day < 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate()
  if (day > daysInMonth) return null
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}${zone}`)
  return Number.isNaN(ms) ? null : ms
}

/** Feeds carry RFC 822 (RSS) or RFC 3339 (Atom) dates; both are accepted there. */
export function parseFeedDate (value: string): number | null {
  const w3c = parseW3cDatetime(value)
  if (w3c !== null) return w3c
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}
