import { extractMetadata } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { isApplicationShell } from '../../src/domain/app-shell.js'

const shell = (html: string) => isApplicationShell(extractMetadata(html, 'https://shell.test/'), html)

describe('isApplicationShell', () => {
  it.each([
    ['a Vite starter', '<!doctype html><title>Vite App</title><div id="app"></div><script type="module" src="/src/main.js"></script>'],
    ['Create React App with its notice', '<title>React App</title><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.js"></script>'],
    ['Next.js without server rendering', '<div id="__next"></div><script src="/_next/static/chunks/main.js" defer></script>'],
    ['Angular', '<title>Loading…</title><app-root></app-root><script src="main.js" type="module"></script>']
  ])('takes %s for a shell', (_name, html) => {
    expect(shell(html)).toBe(true)
  })

  it.each([
    ['a page with a title of its own', '<title>Quillmetric</title><div id="root"></div><script src="/app.js"></script>'],
    ['a server-rendered app with a description', '<title>App</title><meta name="description" content="Dashboards."><div id="root"></div><script src="/app.js"></script>'],
    ['a root without scripts', '<title>App</title><div id="root"></div>'],
    ['scripts without a root element', '<title>App</title><div id="content"></div><script src="/app.js"></script>'],
    ['a page with text of its own', `<div id="app"><p>${'word '.repeat(40)}</p></div><script src="/app.js"></script>`],
    ['a page whose JSON-LD names its organization', '<script type="application/ld+json">{"@type":"Organization","name":"Q"}</script><div id="root"></div><script src="/a.js"></script>']
  ])('does not take %s for a shell', (_name, html) => {
    expect(shell(html)).toBe(false)
  })
})
