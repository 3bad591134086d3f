import { describe, expect, it } from 'vitest'
import { safeSvg, SVG_MAX_BYTES } from '../../src/logo/safe-svg.js'

// The SVG librsvg is given: rebuilt from what the parser read, only what draws a logo.

const rebuilt = (svg: string): string | undefined => safeSvg(Buffer.from(svg))?.toString('utf8')

describe('safeSvg', () => {
  it('keeps an href only as a fragment of the file, under any prefix bound to xlink, and only where it names paint or a shape', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink">' +
      '<use q:href="#mark"/><use href="other.svg#mark"/><use xlink:href="data:image/svg+xml,x"/><rect id="mark" href="#mark" width="1" height="1"/></svg>')
    expect(out).toBeDefined()
    expect(out?.match(/href="[^"]*"/g)).toEqual(['href="#mark"'])
  })

  it('drops scripts, handlers, foreign content, bitmaps, filters, patterns and animation with everything they hold', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg" onload="steal()"><script>steal()</script>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><rect id="inside"/></div></foreignObject><image href="x.png"/>' +
      '<filter id="f"><feGaussianBlur stdDeviation="9"/></filter><pattern id="p"><rect id="tile"/></pattern>' +
      '<rect width="1" height="1" onclick="steal()"><animate attributeName="width" to="9"/><set attributeName="fill" to="red"/></rect></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></rect></svg>')
  })

  it('writes back text and values the parser decoded, escaped again', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg"><text font-family="&quot;Acme&quot;, sans-serif">A &amp; B &lt;3 &#x263A;</text></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text font-family="&quot;Acme&quot;, sans-serif">A &amp; B &lt;3 \u263A</text></svg>')
  })

  it('rebuilds a style sheet from its plain rules and allowed declarations only', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(x.css); .a{fill:red}' +
      ' .b{fill:#00a000;filter:url(#f);background:url(x.png)} [id]{fill:red} @media (prefers-color-scheme: dark){.b{fill:#fff}}' +
      ' .c{fill:url(data:x)} g > .d, .e{stroke:#123456}</style></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><style>.b{fill:#00a000}\ng &gt; .d, .e{stroke:#123456}</style></svg>')
  })

  it('refuses a file larger than a logo', () => {
    const filler = '<rect width="1" height="1"/>'.repeat(Math.ceil(SVG_MAX_BYTES / 28))
    expect(safeSvg(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${filler}</svg>`))).toBeNull()
  })
})
