import { extractMetadata } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { structuredFacts } from '../../../src/domain/page/structured-facts.js'

const facts = (...blocks: unknown[]) => {
  const html = blocks.map((b) => `<script type="application/ld+json">${typeof b === 'string' ? b : JSON.stringify(b)}</script>`).join('')
  const url = 'https://www.acme.example/post'
  return structuredFacts(extractMetadata(`<html><head>${html}</head><body></body></html>`, url), url)
}

describe('structured facts', () => {
  it('summarises the entity, the site and an Article with its author', () => {
    const f = facts({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Corporation', name: 'Acme', url: 'https://acme.example/', logo: { '@type': 'ImageObject', url: 'https://acme.example/l.png' }, sameAs: 'https://github.com/acme', telephone: '+1' },
        { '@type': 'WebSite', name: 'Acme' },
        { '@type': 'BlogPosting', headline: 'H', datePublished: '2026-01-01', author: [{ '@type': 'Person', name: 'Jane', url: 'https://acme.example/jane', award: 'X' }] },
        { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1 }] }
      ]
    })
    expect(f).toMatchObject({
      json_ld_blocks: 1,
      json_ld_errors: [],
      types: ['BlogPosting', 'BreadcrumbList', 'Corporation', 'ImageObject', 'ListItem', 'Person', 'WebSite'],
      organization: { type: 'Corporation', name: 'Acme', url: 'https://acme.example/', logo: 'https://acme.example/l.png', same_as: ['https://github.com/acme'], contact: true },
      website: { name: 'Acme' },
      person: { name: 'Jane', url: 'https://acme.example/jane', same_as: [], credentials: true },
      content_item: { type: 'BlogPosting', complete: true, missing: [] },
      article_author: 'Jane',
      breadcrumb: true,
      // www. is ignored on both sides
      id_on_host: true,
      date_published: '2026-01-01'
    })
  })

  it('names what a content item lacks and keeps parse errors', () => {
    const f = facts({ '@type': 'Product', name: 'Widget' }, '{"@type": "Event",')
    expect(f.content_item).toEqual({ type: 'Product', complete: false, missing: ['offers|review|aggregateRating'] })
    expect(f.json_ld_blocks).toBe(2)
    expect(f.json_ld_errors).toHaveLength(1)
    expect(f.json_ld_errors[0]).toMatch(/^block 2: /)
  })

  it('counts FAQPage answers in words, markup stripped', () => {
    const answer = `<p>${Array.from({ length: 41 }, () => 'word').join(' ')}</p>`
    const f = facts({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Why?', acceptedAnswer: { '@type': 'Answer', text: answer } }, { '@type': 'Question', name: 'How?', acceptedAnswer: { text: 'Short.' } }] })
    expect(f.faq).toEqual([{ question: 'Why?', answer_words: 41 }, { question: 'How?', answer_words: 1 }])
  })
})
