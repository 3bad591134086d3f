import { describe, expect, it } from 'vitest'
import { cleanText, findAll, MAX_DEPTH, MAX_ELEMENTS, parseDocument, textContent, type DomNode } from '../src/dom.js'
import { extractMetadata } from '../src/extract-metadata.js'

describe('dom helpers', () => {
  it('collapses whitespace including NBSP and NFC-normalises', () => {
    expect(cleanText('\n  Cafe\u0301\u00a0\u00a0au   lait \t')).toBe('Café au lait')
  })

  it('reads a NUL as U+FFFD, as a browser reads a title: no NUL reaches a brand name or a title', () => {
    expect(cleanText('\u0000 Weird\u0000')).toBe('\ufffd Weird\ufffd')
    expect(extractMetadata('<title>\u0000 Weird</title>', 'https://weird.test/').title).toBe('\ufffd Weird')
  })

  it('returns clean text as it is and cleans every other kind of whitespace', () => {
    expect(cleanText('Acme Anvils')).toBe('Acme Anvils')
    expect(cleanText(' Acme')).toBe('Acme')
    expect(cleanText('Acme  Anvils ')).toBe('Acme Anvils')
    expect(cleanText('Acme\u2028Anvils\u3000Co\ufeff')).toBe('Acme Anvils Co')
    expect(cleanText('')).toBe('')
  })

  it('reads text without script, style and template contents, separating block elements', () => {
    const doc = parseDocument('<div><ul><li>One</li><li>Two</li></ul>Line<br>break<script>no()</script><style>.x{}</style><template>no</template> <b>bold</b>er</div>')
    expect(cleanText(textContent(doc))).toBe('One Two Line break bolder')
  })

  it('separates block elements however they are nested, empty or last', () => {
    const doc = parseDocument('<section><div>a<p>b<span>c</span></p></div><br><p></p>d<div><div>e</div></div></section>')
    expect(textContent(doc)).toBe('  a bc      d  e   ')
  })

  it('reads a page that nests deeper than MAX_DEPTH up to its first element past it, as a browser bounds nesting', () => {
    const title = '<title>Deep</title><h1>Before</h1>'
    const root = parseDocument(`<!doctype html><html><head>${title}</head><body>${'<div>'.repeat(20_000)}<h2>Never read</h2></body></html>`)
    let deepest = 0
    const stack: Array<[DomNode, number]> = [[root, 0]]
    while (stack.length > 0) {
      const [node, depth] = stack.pop() as [DomNode, number]
      deepest = Math.max(deepest, depth)
      for (const child of node.children ?? []) stack.push([child, depth + 1])
    }
    expect(deepest).toBe(MAX_DEPTH)
    expect(findAll(root, (el) => el.name === 'h1').map(textContent)).toEqual(['Before'])
    expect(findAll(root, (el) => el.name === 'h2')).toEqual([])
    // a page of ordinary depth is parsed whole, as cheerio parses it
    const shallow = parseDocument('<main><h2>Near <b>question</b>?</h2></main><p>after')
    expect(textContent(findAll(shallow, (el) => el.name === 'h2')[0])).toBe('Near question?')
    expect(findAll(shallow, (el) => el.name === 'p')).toHaveLength(1)
  })

  it('reads a page of more than MAX_ELEMENTS elements up to that many (each costs heap: 2 MiB of <p> took 230 MB)', () => {
    const root = parseDocument(`<title>Many</title>${'<p>x'.repeat(MAX_ELEMENTS + 50_000)}`)
    expect(findAll(root, (el) => el.name === 'title')).toHaveLength(1)
    expect(findAll(root, (el) => el.name === 'p')).toHaveLength(MAX_ELEMENTS - 1)
  })

  it('finds elements in document order', () => {
    const doc = parseDocument('<p id="a"><span><p id="b"></p></span></p><p id="c"></p>')
    expect(findAll(doc, (el) => el.name === 'p').map((el) => el.attribs.id)).toEqual(['a', 'b', 'c'])
  })
})
