import { extractMetadata } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { pageFacts } from '../../../src/domain/page/page-facts.js'

const factsOf = (body: string): ReturnType<typeof pageFacts> => {
  const html = `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`
  return pageFacts(extractMetadata(html, 'https://a.example/'), html, 'https://a.example/', 'text/html')
}

describe('pageFacts links', () => {
  it('keeps the evidence of a non-crawlable link short, however long its href', () => {
    const { links } = factsOf(`<a href="javascript:${'x'.repeat(100_000)}">Menu</a>`)
    expect(links.non_crawlable_examples).toEqual([`"Menu" (javascript:${'x'.repeat(68)}…)`])
  })

  it('names each generic link text once, whatever its case', () => {
    const variants = ['click here', 'Click here', 'CLICK HERE', 'Click Here', 'Read more', 'read MORE']
    const { links } = factsOf(variants.map((text) => `<a href="/p">${text}</a>`).join(' '))
    expect(links.generic_text).toEqual(['click here', 'read more'])
  })
})

describe('pageFacts headings', () => {
  it('lists at most 50 h1 texts, each bounded, however many nest or follow', () => {
    const { headings } = factsOf(`${'<h1>'.repeat(100)}${'word  other\t'.repeat(20_000)}`)
    expect(headings.h1).toHaveLength(50)
    // whole, each nested h1 held 240 KB
    expect(headings.h1.join('').length).toBeLessThanOrEqual(50 * 500)
    expect(factsOf('<h1>One</h1><h1>Two</h1>').headings.h1).toEqual(['One', 'Two'])
  })
})
