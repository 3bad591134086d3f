import { CODE_LIMIT, cut, cutUrl } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage } from '../../measure.js'

export const openGraph: CheckDef = {
  id: 'metadata.open_graph',
  category: 'metadata',
  max: 3,
  label: 'og:title, og:description, og:image (absolute, answers 2xx image)',
  reads: ['og_image'],
  measure: onHomepage((p, { obs, ogImageOk }) => {
    const probe = obs.og_image
    let image: string
    if (p.og.image === null) image = 'no og:image'
    else if (ogImageOk) image = 'og:image answers 2xx image'
    else {
      const type = probe?.content_type == null ? '' : ` ${cut(probe.content_type, CODE_LIMIT)}`
      image = `og:image ${cutUrl(p.og.image)} answers ${probe?.status ?? 'nothing'}${type}`
    }
    return {
      points: (p.og.title !== null ? 1 : 0) + (p.og.description !== null ? 1 : 0) + (ogImageOk ? 1 : 0),
      detail: [p.og.title === null ? 'no og:title' : 'og:title', p.og.description === null ? 'no og:description' : 'og:description', image].join(', ')
    }
  }),
  gaps: [
    {
      code: 'missing_og_image',
      severity: 'medium',
      needsHomepage: true,
      // og:image is 1 of the 3 OpenGraph points
      find: ({ d }) => !d.ogImageOk && { points: 1 },
      recommendation: 'Add an og:image with an absolute URL to a reachable image (1200x630 recommended).'
    },
    {
      code: 'missing_og_tags',
      severity: 'low',
      needsHomepage: true,
      // og:title and og:description are a point each
      find: ({ d }) => {
        const og = d.home?.og
        const missing = og === undefined ? 0 : (og.title === null ? 1 : 0) + (og.description === null ? 1 : 0)
        return missing > 0 && { points: missing }
      },
      recommendation: 'Add og:title and og:description for link previews.'
    }
  ]
}
