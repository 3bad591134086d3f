/**
 * Whether an Accept header prefers `type` over JSON: `type` has a quality above 0 and above `application/json`'s, an
 * exact media range outranking a wildcard of the same quality. No header, or `*\/*` alone, means JSON.
 */
export function prefersOverJson (accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false
  const quality = (wanted: string): number => {
    let best = -1
    for (const part of accept.toLowerCase().split(',')) {
      const [range, ...params] = part.trim().split(';')
      const matches = range === wanted || range === `${wanted.split('/')[0]}/*` || range === '*/*'
      if (!matches) continue
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      best = Math.max(best, (q === undefined ? 1 : Number(q)) + (range === wanted ? 0.001 : 0))
    }
    return best
  }
  const wanted = quality(type)
  return wanted > 0.001 && wanted > quality('application/json')
}
