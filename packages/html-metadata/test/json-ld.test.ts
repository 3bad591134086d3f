import { describe, expect, it } from 'vitest'
import { decodeEntities, extractMetadata } from '../src/index.js'
import { readFixture } from './fixture.js'

const jsonLdOf = (html: string): ReturnType<typeof extractMetadata>['jsonLd'] => extractMetadata(html, 'https://a.test/').jsonLd

describe('JSON-LD', () => {
  const { jsonLd, logoCandidates, socialLinks } = extractMetadata(readFixture('graph-jsonld.html'), 'https://northwind.test/')

  it('reads every block, flattens @graph and arrays, and reports broken and empty blocks without failing', () => {
    expect(jsonLd.nodes.map((n) => n['@type'])).toEqual(['Organization', 'WebSite', 'Person', 'FAQPage'])
    expect(jsonLd.errors.map((e) => e.index)).toEqual([1, 3])
    expect(jsonLd.errors[0].message).toMatch(/JSON/)
    expect(jsonLd.errors[1].message).toBe('Empty JSON-LD block')
    expect(jsonLd.blocks).toBe(4)
  })

  it('decodes entities in string values once', () => {
    expect(jsonLd.nodes[3].name).toBe('Questions & answers')
  })

  it('feeds the logo (any aspect ratio, against the document base) and sameAs profiles, organisation first', () => {
    expect(logoCandidates).toEqual([{ src: 'https://northwind.test/assets/northwind-wordmark.png', source: 'jsonld', alt: 'Northwind Analytics' }])
    expect(socialLinks).toEqual([
      'https://linkedin.com/company/northwind-analytics',
      'https://github.com/northwind-analytics',
      'https://youtube.com/@NorthwindAnalytics',
      'https://x.com/danareyes'
    ])
  })

  it('keeps a graph wrapper that describes a node itself, and nested graphs', () => {
    const html = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Home",' +
      '"@graph":[{"@type":"Organization","name":"A"},{"@graph":{"@type":"Brand","name":"B"}}]}</script>'
    expect(jsonLdOf(html).nodes.map((n) => n.name)).toEqual(['Home', 'A', 'B'])
  })

  it('accepts blocks wrapped in HTML comments or CDATA markers and a type with parameters', () => {
    const html = '<script type="application/ld+json; charset=utf-8"><!--\n{"@type":"Organization","name":"Commented"}\n--></script>' +
      '<script type="application/ld+json">//<![CDATA[\n{"@type":"Organization","name":"Cdata"}\n//]]></script>'
    expect(jsonLdOf(html)).toEqual({ nodes: [{ '@type': 'Organization', name: 'Commented' }, { '@type': 'Organization', name: 'Cdata' }], errors: [], blocks: 2 })
  })

  it('reports a block that is valid JSON but not an object', () => {
    expect(jsonLdOf('<script type="application/ld+json">"just a string"</script>').errors)
      .toEqual([{ index: 0, message: 'JSON-LD block is not an object or an array' }])
  })

  it('ignores other script types', () => {
    expect(jsonLdOf('<script type="application/json">{"a":1}</script><script>{"b":2}</script>')).toEqual({ nodes: [], errors: [], blocks: 0 })
  })

  it('survives very deep structures', () => {
    const deep = `${'['.repeat(5000)}{"@type":"Thing","name":"x &amp; y"}${']'.repeat(5000)}`
    const result = jsonLdOf(`<script type="application/ld+json">${deep}</script>`)
    expect(result.errors).toEqual([])
    expect(result.nodes).toEqual([])
  })
})

describe('decodeEntities', () => {
  it('decodes named and numeric references once and leaves markup alone', () => {
    expect(decodeEntities('Ben &amp; Jerry&#39;s &lt;b&gt; &eacute; &#x1F600; &amp;amp; <i>x</i> "q"')).toBe('Ben & Jerry\'s <b> é 😀 &amp; <i>x</i> "q"')
  })
})
