import { percent, plural } from '../../../evidence-text.js'
import type { CheckDef } from '../../check.js'
import { onHomepage, shareOf } from '../../measure.js'

export const imageAltText: CheckDef = {
  id: 'metadata.image_alt',
  category: 'metadata',
  max: 2,
  label: 'content images with alt text (hidden images and 1x1 pixels are not content)',
  measure: onHomepage((p) => {
    const { total, with_alt: withAlt, hidden } = p.images
    const pixels = hidden === 0 ? '' : `; ${plural(hidden, 'hidden image or pixel', 'hidden images or pixels')} not counted`
    if (total === 0) return { points: 2, detail: `no images${pixels}` }
    return { points: shareOf(2, withAlt, total), detail: `${withAlt} of ${total} images have alt (${percent(withAlt / total)})${pixels}` }
  }),
  gaps: [
    {
      code: 'images_missing_alt',
      severity: 'low',
      needsHomepage: true,
      find: ({ d }) => {
        const images = d.home?.images
        return images !== undefined && images.total > 0 && images.with_alt / images.total < 0.9
      },
      recommendation: 'Give every meaningful image an alt text (alt="" for decorative ones).'
    }
  ]
}
