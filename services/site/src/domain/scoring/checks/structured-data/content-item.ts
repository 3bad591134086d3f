import type { CheckDef } from '../../check.js'
import { firstOn } from '../../measure.js'

export const contentItemSchema: CheckDef = {
  id: 'structured_data.content_item',
  category: 'structured_data',
  max: 2,
  label: 'a content item (Article, Product, Event, ...) with its required fields',
  reads: ['homepage_rest', 'sampled_pages_rest'],
  measure: ({ pages }) => {
    const item = firstOn(pages, (p) => p.structured.content_item?.complete === true ? p.structured.content_item : null) ??
      firstOn(pages, (p) => p.structured.content_item)
    if (item === null) return { points: 0, detail: 'no Article, Product, Event or similar node' }
    return item.complete ? { points: 2, detail: `${item.type} complete` } : { points: 0, detail: `${item.type} lacks ${item.missing.join(', ')}` }
  },
  gaps: [
    {
      code: 'missing_article_schema',
      severity: 'low',
      needsHomepage: true,
      find: ({ points }) => points === 0,
      recommendation: 'Mark content pages up as Article (headline, author, datePublished) or Product/Event with their required fields.'
    }
  ]
}
