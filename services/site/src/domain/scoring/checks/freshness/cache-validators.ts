import { cut } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'

export const cacheValidators: CheckDef = {
  id: 'freshness.cache_validators',
  category: 'freshness',
  max: 1,
  label: 'homepage sends Last-Modified or ETag',
  measure: ({ obs }) => {
    const h = obs.homepage.headers
    if (h.last_modified !== null) return { points: 1, detail: `Last-Modified: ${cut(h.last_modified, 80)}` }
    return h.etag !== null ? { points: 1, detail: 'ETag sent' } : { points: 0, detail: 'neither header sent' }
  },
  gaps: []
}
