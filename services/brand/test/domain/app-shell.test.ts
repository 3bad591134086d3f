import { extractMetadata } from '@utility-apis/html-metadata'
import { parseHomepage } from '@utility-apis/homepage-fetch'
import { describe, expect, it } from 'vitest'
import { isApplicationShell } from '../../src/domain/app-shell.js'
import { starterShells } from '../helpers/app-shells.js'
import { loadRealPages } from '../helpers/real-pages.js'

const shell = (html: string) => isApplicationShell(extractMetadata(html, 'https://shell.test/'), html)

describe('isApplicationShell', () => {
  it.each(starterShells().map((starter) => [starter.name, starter.html]))('takes the homepage of %s for a shell', (_name, html) => {
    expect(shell(html)).toBe(true)
  })

  it.each([
    ['a Vite starter', '<!doctype html><title>Vite App</title><div id="app"></div><script type="module" src="/src/main.js"></script>'],
    ['Create React App with its notice', '<title>React App</title><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.js"></script>'],
    ['Next.js without server rendering', '<div id="__next"></div><script src="/_next/static/chunks/main.js" defer></script>'],
    ['Angular', '<title>Loading…</title><app-root></app-root><script src="main.js" type="module"></script>'],
    // the head is no content: the body still needs JavaScript to show the header, the logo and the text
    ['a page with a title of its own', '<title>Quillmetric</title><div id="root"></div><script src="/app.js"></script>'],
    ['an app whose description is a starter\'s', '<meta name="description" content="Web site created using create-react-app"><div id="root"></div><script src="/a.js"></script>'],
    ['a page with an icon and a manifest', '<link rel="icon" href="/favicon.ico"><link rel="manifest" href="/manifest.json"><div id="root"></div><script src="/a.js"></script>'],
    ['a body of hidden elements only (a client-only Next.js export hydrates the document)',
      '<body><div hidden=""><!--$--><!--/$--></div><!--$!--><template data-dgst=""></template><!--/$--><script src="/_next/a.js" async=""></script></body>'],
    ['a shell whose script is inline', '<div id="app"></div><script type="module">document.getElementById("app").textContent = "Hi"</script>'],
    ['a loading notice in the mount point', '<div id="root"><div class="spinner"><svg><circle r="4"/></svg></div> Loading…</div><script src="/a.js"></script>']
  ])('takes %s for a shell', (_name, html) => {
    expect(shell(html)).toBe(true)
  })

  it.each([
    ['a root without scripts', '<title>App</title><div id="root"></div>'],
    ['scripts without a root element', '<title>App</title><div id="content"></div><script src="/app.js"></script>'],
    // a head that states the site's identity is what the rules read (x.com serves an empty #react-root under one)
    ['a server-rendered app with a description', '<title>App</title><meta name="description" content="Dashboards."><div id="root"></div><script src="/app.js"></script>'],
    ['a page whose JSON-LD names its organization', '<script type="application/ld+json">{"@type":"Organization","name":"Q"}</script><div id="root"></div><script src="/a.js"></script>'],
    ['a page with OpenGraph tags', '<meta property="og:site_name" content="Q"><div id="root"></div><script src="/a.js"></script>'],
    ['a root beside a data block only', '<div id="root"></div><script type="application/json">{"a":1}</script>'],
    ['a page with text of its own', `<div id="app"><p>${'word '.repeat(40)}</p></div><script src="/app.js"></script>`],
    ['a short page of its own, with a script', '<h1>Coming soon</h1><script src="/analytics.js"></script>'],
    ['a mount point holding a link', '<div id="root"><a href="/about">About</a></div><script src="/app.js"></script>'],
    ['a mount point holding an image', '<div id="root"><img src="/logo.png" alt=""></div><script src="/app.js"></script>'],
    ['a page framing another', '<iframe src="https://elsewhere.test/"></iframe><script src="/app.js"></script>'],
    ['a page of thousands of empty elements', `<div id="root">${'<div></div>'.repeat(3000)}</div><script src="/app.js"></script>`]
  ])('does not take %s for a shell', (_name, html) => {
    expect(shell(html)).toBe(false)
  })

  it('takes none of the 89 server-rendered pages of the real-page corpus for a shell', () => {
    const pages = loadRealPages()
    const shells = pages.filter((page) => {
      const { html, meta } = parseHomepage(page.body, page.contentType, page.url)
      return meta !== null && html !== null && isApplicationShell(meta, html)
    })
    expect(pages).toHaveLength(89)
    expect(shells.map((page) => page.name)).toEqual([])
  })
})
