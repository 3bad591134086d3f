import { extractMetadata } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { findKeyLinks } from '../../src/domain/key-links.js'
import { pageLocation } from '../../src/domain/site-host.js'

const keyLinksOf = (html: string, url = 'https://www.acme.test/') => findKeyLinks(extractMetadata(html, url), pageLocation(url))

describe('findKeyLinks', () => {
  it('finds all ten kinds in the header, navigation and footer, by path, subdomain or text', () => {
    const html = `<header><nav><a href="/">Acme</a><a href="/about-us">Company</a><a href="/plans">Plans</a>
<a href="https://docs.acme.test/">Developers</a><a href="https://blog.acme.test/">Journal</a><a href="/account">Sign in</a></nav></header>
<main><p>Read on.</p></main>
<footer><a href="/company/careers/">Work here</a><a href="/contact">Talk to us</a><a href="https://status.acme.test/">System</a>
<a href="/legal/privacy.html">Privacy</a><a href="/legal/terms-of-service">Terms</a></footer>`
    expect(keyLinksOf(html)).toEqual({
      about: 'https://www.acme.test/about-us',
      pricing: 'https://www.acme.test/plans',
      docs: 'https://docs.acme.test/',
      blog: 'https://blog.acme.test/',
      login: 'https://www.acme.test/account',
      careers: 'https://www.acme.test/company/careers/',
      contact: 'https://www.acme.test/contact',
      status: 'https://status.acme.test/',
      privacy: 'https://www.acme.test/legal/privacy.html',
      terms: 'https://www.acme.test/legal/terms-of-service'
    })
  })

  it('takes the first link of a kind, and never one in an article, a byline or on another site', () => {
    const html = `<header><a href="https://other.test/pricing">Partner pricing</a><a href="/pricing">Pricing</a></header>
<article><p>See <a href="/about">about the author</a> and <a href="/blog">the blog</a>.</p></article>
<footer><a href="/pricing/enterprise">Pricing for enterprises</a></footer>`
    expect(keyLinksOf(html)).toEqual({ pricing: 'https://www.acme.test/pricing' })
  })

  it('reads the body of a page with no header, footer, navigation or article', () => {
    expect(keyLinksOf('<table><tr><td><a href="/contact.php">Contact</a> <a href="/about.php">About</a></td></tr></table>')).toEqual({
      contact: 'https://www.acme.test/contact.php',
      about: 'https://www.acme.test/about.php'
    })
  })

  it('skips a subject\'s section and the page itself behind a fragment', () => {
    const html = `<header><a href="#contact">Contact</a><a href="/category/privacy/">Privacy</a><a href="/tag/pricing/">Pricing</a></header>
<footer><a href="/privacy-policy">Privacy</a></footer>`
    expect(keyLinksOf(html, 'https://www.acme.test/news/story')).toEqual({ privacy: 'https://www.acme.test/privacy-policy' })
  })

  it('gives nothing when nothing matches', () => {
    expect(keyLinksOf('<header><a href="/products">Products</a></header>')).toEqual({})
  })
})
