import { describe, expect, it } from 'vitest'
import { classifySocialUrl, extractMetadata, normalizeSocialUrl } from '../src/index.js'
import { readFixture } from './fixture.js'

describe('normalizeSocialUrl', () => {
  it.each([
    ['http://www.twitter.com/AcmeHQ/', 'https://x.com/AcmeHQ'],
    ['https://mobile.twitter.com/acmehq?ref_src=twsrc%5Etfw', 'https://x.com/acmehq'],
    ['https://x.com/acmehq/with_replies', 'https://x.com/acmehq'],
    ['https://twitter.com/#!/acmehq', 'https://x.com/acmehq'],
    ['https://twitter.com/intent/follow?screen_name=AcmeHQ', 'https://x.com/AcmeHQ'],
    ['https://WEB.Facebook.com/acme.widgets/?fref=ts#about', 'https://facebook.com/acme.widgets'],
    ['https://fb.com/acme', 'https://facebook.com/acme'],
    ['https://m.facebook.com/profile.php?id=100064&ref=bookmarks', 'https://facebook.com/profile.php?id=100064'],
    ['https://www.facebook.com/pages/Acme-Widgets/123456789', 'https://facebook.com/Acme-Widgets-123456789'],
    ['https://www.facebook.com/pg/acme/about/', 'https://facebook.com/acme'],
    ['https://uk.linkedin.com/company/acme-widgets/about/?trk=public', 'https://linkedin.com/company/acme-widgets'],
    ['https://www.linkedin.com/showcase/acme-cloud', 'https://linkedin.com/showcase/acme-cloud'],
    ['https://www.instagram.com/acme.widgets/?hl=en&igsh=MWx', 'https://instagram.com/acme.widgets'],
    ['https://m.youtube.com/@AcmeWidgets/featured?si=xyz', 'https://youtube.com/@AcmeWidgets'],
    ['https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv', 'https://youtube.com/channel/UCabcdefghijklmnopqrstuv'],
    ['https://youtube.com/user/acmewidgets?sub_confirmation=1', 'https://youtube.com/user/acmewidgets'],
    ['https://www.tiktok.com/@acme.widgets?lang=en', 'https://tiktok.com/@acme.widgets'],
    ['https://www.threads.com/@acme', 'https://threads.net/@acme'],
    ['https://bsky.app/profile/acme.bsky.social', 'https://bsky.app/profile/acme.bsky.social'],
    ['https://www.pinterest.co.uk/acmewidgets/boards/', 'https://pinterest.com/acmewidgets'],
    ['https://github.com/acme-widgets/toolkit/issues', 'https://github.com/acme-widgets'],
    ['https://old.reddit.com/r/acmewidgets/', 'https://reddit.com/r/acmewidgets'],
    ['https://telegram.me/acmewidgets', 'https://t.me/acmewidgets'],
    ['https://discord.com/invite/AbCdEf', 'https://discord.gg/AbCdEf'],
    ['https://mastodon.social/@acme', 'https://mastodon.social/@acme'],
    ['//www.instagram.com/acme', 'https://instagram.com/acme'],
    ['www.facebook.com/acme', 'https://facebook.com/acme'],
    ['https://acmewidgets.tumblr.com/', 'https://acmewidgets.tumblr.com']
  ])('normalises %s', (href, expected) => {
    expect(normalizeSocialUrl(href)).toBe(expected)
  })

  it.each([
    'https://twitter.com/intent/tweet?url=https%3A%2F%2Facme.test&text=Hi',
    'https://twitter.com/share?url=https%3A%2F%2Facme.test',
    'https://x.com/home?status=Reading%20this',
    'https://x.com/acmehq/status/1780000000000000000',
    'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Facme.test',
    'https://www.facebook.com/sharer.php?u=https%3A%2F%2Facme.test',
    'https://www.facebook.com/dialog/share?app_id=1&href=https%3A%2F%2Facme.test',
    'https://www.facebook.com/plugins/page.php?href=acme',
    'https://www.facebook.com/acme/posts/123456',
    'https://www.facebook.com/groups/acmefans',
    'https://www.linkedin.com/shareArticle?mini=true&url=https%3A%2F%2Facme.test',
    'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Facme.test',
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/pulse/some-article',
    'https://www.instagram.com/p/C1a2b3c4/',
    'https://www.instagram.com/reel/C1a2b3c4/',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.tiktok.com/@acme/video/7300000000000000000',
    'https://pinterest.com/pin/create/button/?url=https%3A%2F%2Facme.test',
    'https://www.reddit.com/submit?url=https%3A%2F%2Facme.test',
    'https://www.tumblr.com/widgets/share/tool?canonicalUrl=https%3A%2F%2Facme.test',
    'https://wa.me/?text=Look',
    'https://api.whatsapp.com/send?text=Look',
    'https://t.me/share/url?url=https%3A%2F%2Facme.test',
    'https://bsky.app/intent/compose?text=Look',
    'https://www.threads.net/intent/post?text=Look',
    'https://vk.com/share.php?url=https%3A%2F%2Facme.test',
    'https://news.ycombinator.com/submitlink?u=https%3A%2F%2Facme.test',
    'mailto:hello@acme.test',
    'sms:+15550100',
    'https://acme.test/about',
    'https://www.tripadvisor.com/Restaurant_Review-acme',
    'not a url'
  ])('rejects %s', (href) => {
    expect(normalizeSocialUrl(href)).toBeNull()
  })
})

describe('classifySocialUrl', () => {
  it('names the platform and tells people and communities from brand profiles', () => {
    expect(classifySocialUrl('https://www.linkedin.com/in/jane-doe/')).toEqual({ url: 'https://linkedin.com/in/jane-doe', platform: 'linkedin', kind: 'person' })
    expect(classifySocialUrl('https://discord.gg/acme')).toEqual({ url: 'https://discord.gg/acme', platform: 'discord', kind: 'community' })
    expect(classifySocialUrl('https://twitter.com/acme')).toEqual({ url: 'https://x.com/acme', platform: 'x', kind: 'profile' })
  })
})

describe('socialLinks of a page', () => {
  const meta = extractMetadata(readFixture('social-footer.html'), 'https://bluebird.test/spring')

  it('excludes share and intent links and posts, normalises, and de-duplicates keeping the first spelling', () => {
    expect(meta.socialLinks).toEqual([
      'https://instagram.com/bluebirdcoffee',
      'https://facebook.com/bluebirdcoffee',
      'https://x.com/BluebirdCoffee',
      'https://tiktok.com/@bluebirdcoffee',
      'https://threads.net/@bluebirdcoffee',
      'https://fosstodon.org/@bluebird',
      'https://social.example-coop.test/@bluebird'
    ])
  })

  it('says where each profile came from', () => {
    expect(meta.socialProfiles?.map((p) => [p.platform, p.source])).toEqual([
      ['instagram', 'anchor'],
      ['facebook', 'anchor'],
      ['x', 'anchor'],
      ['tiktok', 'anchor'],
      ['threads', 'anchor'],
      ['mastodon', 'rel-me'],
      ['mastodon', 'rel-me']
    ])
  })

  it('puts JSON-LD sameAs first, then anchors, then twitter:site and article:publisher', () => {
    const html = `<meta name="twitter:site" content="@acme_news"><meta property="article:publisher" content="https://www.facebook.com/acmenews">
      <a href="https://www.instagram.com/acme">Instagram</a>
      <script type="application/ld+json">{"@type":"Organization","sameAs":"https://www.linkedin.com/company/acme"}</script>`
    expect(extractMetadata(html, 'https://acme.test/').socialLinks).toEqual([
      'https://linkedin.com/company/acme',
      'https://instagram.com/acme',
      'https://x.com/acme_news',
      'https://facebook.com/acmenews'
    ])
  })

  it('does not take an unknown server as a profile unless it is linked with rel="me"', () => {
    const html = '<a href="https://social.coop.test/@acme">Fediverse</a>'
    expect(extractMetadata(html, 'https://acme.test/').socialLinks).toEqual([])
  })
})
