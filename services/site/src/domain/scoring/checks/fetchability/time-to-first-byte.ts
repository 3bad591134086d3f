import type { CheckDef } from '../../check.js'

export const fastFirstByte: CheckDef = {
  id: 'fetchability.time_to_first_byte',
  category: 'fetchability',
  max: 2,
  label: 'time to first byte under 1.5 s (under 3 s: 1)',
  measure: ({ obs }) => {
    const ttfb = obs.homepage.fetch.ttfb_ms
    if (ttfb === null) return { points: 0, detail: 'no response' }
    if (ttfb < 1500) return { points: 2, detail: 'under 1.5 s' }
    if (ttfb < 3000) return { points: 1, detail: 'between 1.5 s and 3 s' }
    return { points: 0, detail: '3 s or more' }
  },
  gaps: [
    {
      code: 'slow_response',
      severity: 'low',
      find: ({ d, points, max }) => d.obs.homepage.fetch.ttfb_ms !== null && points < max,
      recommendation: 'Bring time to first byte under 1.5 s (caching, CDN, lighter server work).'
    }
  ]
}
