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

  it('lists a bounded number of internal page links, and says when the page had more', () => {
    const few = factsOf('<a href="/a">A</a> <a href="/b#top">B</a> <a href="/a">A again</a> <a href="https://other.example/">O</a>').links
    expect(few).toMatchObject({ internal: ['https://a.example/a', 'https://a.example/b'], internal_truncated: false })
    const many = factsOf(Array.from({ length: 5000 }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('')).links
    expect(many.internal).toHaveLength(200)
    expect(many.internal[0]).toBe('https://a.example/p/0')
    expect(many.internal_truncated).toBe(true)
    // each link as long as a <base> makes it: bounded by their characters too
    const base = `https://a.example/${'a'.repeat(1950)}/`
    const html = `<!doctype html><html><head><base href="${base}"></head><body>${Array.from({ length: 2000 }, (_, i) => `<a href=${i.toString(36)}></a>`).join('')}</body></html>`
    const long = pageFacts(extractMetadata(html, 'https://a.example/'), html, 'https://a.example/', 'text/html').links
    expect(long.internal.join('').length).toBeLessThanOrEqual(64 * 1024)
    expect(long.internal.length).toBeGreaterThan(20)
    expect(long.internal_truncated).toBe(true)
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
