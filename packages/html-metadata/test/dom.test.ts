import { describe, expect, it } from 'vitest'
import { cleanText, findAll, parseDocument, textContent } from '../src/dom.js'
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

  it('finds elements in document order', () => {
    const doc = parseDocument('<p id="a"><span><p id="b"></p></span></p><p id="c"></p>')
    expect(findAll(doc, (el) => el.name === 'p').map((el) => el.attribs.id)).toEqual(['a', 'b', 'c'])
  })
})
