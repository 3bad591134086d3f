import { describe, expect, it } from 'vitest'
import { extractMetadata } from '../src/index.js'

const mainTextOf = (html: string) => extractMetadata(html, 'https://a.test/').mainText

describe('main text in raw HTML', () => {
  it('counts words outside scripts, styles, noscript, templates, svg, nav and footer', () => {
    const html = `<html><head><title>Four words in title</title><style>p { color: red }</style></head><body>
      <nav>Home About Contact</nav>
      <main><h1>Fresh bread daily</h1><p>We bake sourdough, rye and spelt loaves before 6 a.m.</p>
      <p>Order online — or visit the shop's counter.</p></main>
      <script>document.write("many many words here")</script><noscript>Please enable JavaScript</noscript>
      <template><p>hidden template words</p></template><svg><text>chart label</text></svg>
      <footer>Copyright and legal words</footer></body></html>`
    // Fresh bread daily (3) + We bake sourdough rye and spelt loaves before 6 a.m (10) + Order online or visit the shop's counter (7)
    expect(mainTextOf(html).words).toBe(20)
  })

  it('counts lists and tables outside nav and footer, and main/article by element or role', () => {
    const html = `<nav><ul><li>a</li></ul></nav><div role="main"><ol><li>x</li></ol><dl><dt>t</dt><dd>d</dd></dl>
      <table><tr><td>1</td></tr></table></div><footer><ul><li>b</li></ul><table></table></footer>`
    expect(mainTextOf(html)).toMatchObject({ hasMain: true, hasArticle: false, lists: 2, tables: 1 })
    expect(mainTextOf('<div role="article"><p>x</p></div>')).toMatchObject({ hasMain: false, hasArticle: true })
  })

  it('says whether the page has landmarks: a header, footer or nav element or their roles; a table layout has none', () => {
    const landmarksOf = (html: string) => extractMetadata(html, 'https://a.test/').landmarks
    expect(landmarksOf('<table><tr><td class="menu"><a href="/">Home</a></td></tr></table>')).toBe(false)
    expect(landmarksOf('<div class="top"><nav><a href="/">Home</a></nav></div>')).toBe(true)
    expect(landmarksOf('<footer>(c) 2024</footer>')).toBe(true)
    expect(landmarksOf('<div role="banner">Acme</div>')).toBe(true)
  })

  it('counts forms and button-like controls', () => {
    const html = `<form><input type="text"><input type="SUBMIT"><input type="image" src="go.png"><input type="reset"></form>
      <form></form><button>One</button><span role="button">Two</span><button role="button">Three</button>`
    expect(extractMetadata(html, 'https://a.test/')).toMatchObject({ forms: 2, buttons: 6 })
  })

  it('collects <time datetime> values only', () => {
    expect(extractMetadata('<time datetime=" 2026-01-02 ">Jan 2</time><time>yesterday</time><time datetime="">x</time>', 'https://a.test/').times)
      .toEqual(['2026-01-02'])
  })

  it('collects headings h1 to h6 with image alt as a fallback name', () => {
    expect(extractMetadata('<h1><img src="l.png" alt="Acme"></h1><h3> Sub  <em>title</em></h3><h6></h6><svg><h2>no</h2></svg>', 'https://a.test/').headings)
      .toEqual([{ level: 1, text: 'Acme' }, { level: 3, text: 'Sub title' }, { level: 6, text: '' }])
  })
})

describe('noscript and template content', () => {
  it('is not part of the page: no tracking-pixel images, refreshes or links from it', () => {
    const html = `<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1&ev=PageView"></noscript>
      <noscript><meta http-equiv="refresh" content="0; url=/no-js"><a href="https://twitter.com/acme">X</a></noscript>
      <template><img src="/tpl.png"><a href="/tpl">t</a></template><img src="/real.png" alt="Real">`
    const meta = extractMetadata(html, 'https://a.test/')
    expect(meta.images).toEqual([{ src: 'https://a.test/real.png', alt: 'Real' }])
    expect(meta.metaRefresh).toBeNull()
    expect(meta.links).toEqual([])
    expect(meta.socialLinks).toEqual([])
  })
})
