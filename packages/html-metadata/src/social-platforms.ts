// Profile URL shapes per platform (packages/html-metadata/README.md, Rules worth knowing). A rule maps the path segments of a URL on the
// platform's host to the canonical profile path, or null for posts, share dialogs, intents and site pages.

export type SocialKind = 'profile' | 'person' | 'community'
interface ProfileMatch { path: string, kind: SocialKind, host?: string }
export interface PlatformRule {
  platform: string
  match: (segments: string[], url: URL) => ProfileMatch | null
}

const words = (list: string): Set<string> => new Set(list.split(' '))
const profile = (path: string): ProfileMatch => ({ path, kind: 'profile' })
const community = (path: string): ProfileMatch => ({ path, kind: 'community' })

// Site pages every platform has (vimeo.com/privacy, x.com/tos): never a profile, whatever the platform's own list says.
const SITE_PAGES = words('privacy terms tos legal help support policies policy cookies cookie-policy careers jobs press ' +
  'blog login signup settings features pricing developers security static about')

/** `/{handle}` when the first segment is a handle of that shape and not a reserved site path. */
function firstSegmentHandle (shape: RegExp, reserved: Set<string>, contentSecond: Set<string> = new Set()) {
  return (segments: string[]): ProfileMatch | null => {
    const [first, second] = segments
    if (first === undefined || reserved.has(first.toLowerCase()) || SITE_PAGES.has(first.toLowerCase()) || !shape.test(first)) return null
    if (second !== undefined && contentSecond.has(second.toLowerCase())) return null
    return profile(`/${first}`)
  }
}

const X_HANDLE = /^[A-Za-z0-9_]{1,15}$/
const X_RESERVED = words('intent share home search hashtag i explore settings login signup messages compose notifications tos privacy logout account download')
const FB_RESERVED = words('sharer sharer.php share share.php dialog plugins tr l.php login login.php watch events ' +
  'marketplace gaming hashtag photo.php photo photos permalink.php story.php groups help policies privacy settings ' +
  'home.php search video.php reel reels stories notes media ads legal business recover messages friends bookmarks ' +
  'fundraisers live terms donate')
const FB_CONTENT = words('posts videos photos photo.php permalink story.php reels events')
const IG_RESERVED = words('p reel reels tv explore stories accounts _n _u direct about developer legal web challenge s ar create emails session privacy')
const YT_RESERVED = words('watch embed shorts playlist results feed t redirect hashtag live about account premium ' +
  'gaming kids post source attribution_link subscription_center v e signin logout upload howyoutubeworks creators ' +
  'ads yt music channels trending s player new oembed api')
const PIN_RESERVED = words('pin search ideas explore today _ categories business login settings topics news_hub videos discover resource oauth password')
const GH_RESERVED = words('features about pricing login join marketplace explore topics sponsors collections ' +
  'trending settings notifications apps site security enterprise customer-stories readme search new codespaces ' +
  'issues pulls events contact team home dashboard logout signup organizations')
const VIMEO_RESERVED = words('channels groups ondemand watch categories search upload join log_in features blog ' +
  'help video showcase album manage settings solutions enterprise create stock live pricing about jobs event')
const TWITCH_RESERVED = words('videos directory p search settings downloads jobs login signup subscriptions inventory wallet drops turbo prime store')
const SC_RESERVED = words('discover search stream upload you pages jobs charts pro mobile terms-of-use imprint popular')
const ART_RESERVED = words('shots search jobs tags designers signup session galleries gallery joblist assets for_you')
const TUMBLR_RESERVED = words('share widgets dashboard explore search tagged login register help about policy privacy')

export const PLATFORMS: Record<string, PlatformRule> = {
  'x.com': {
    platform: 'x',
    match (segments, url) {
      const [first, second] = segments
      if (first === undefined) {
        // legacy hashbang profile links: twitter.com/#!/acme
        const m = /^#!\/([A-Za-z0-9_]{1,15})$/.exec(url.hash)
        return m === null ? null : profile(`/${m[1]}`)
      }
      if (first.toLowerCase() === 'intent' && (second === 'follow' || second === 'user')) {
        const handle = url.searchParams.get('screen_name') ?? ''
        return X_HANDLE.test(handle) ? profile(`/${handle}`) : null
      }
      if (X_RESERVED.has(first.toLowerCase()) || SITE_PAGES.has(first.toLowerCase()) || !X_HANDLE.test(first)) return null
      return second === 'status' || second === 'statuses' ? null : profile(`/${first}`)
    }
  },
  'facebook.com': {
    platform: 'facebook',
    match (segments, url) {
      const first = segments[0]?.toLowerCase()
      if (first === undefined) return null
      if (first === 'profile.php') {
        const id = url.searchParams.get('id') ?? ''
        return /^\d+$/.test(id) ? profile(`/profile.php?id=${id}`) : null
      }
      if (first === 'pages' && segments.length >= 2 && segments[1].toLowerCase() !== 'category') {
        // the old /pages/{name}/{id} form of a page is the page Facebook now serves as /{name}-{id}
        return profile(/^\d+$/.test(segments[2] ?? '') ? `/${segments[1]}-${segments[2]}` : `/${segments[1]}`)
      }
      if (first === 'people' && segments.length >= 3) return { path: `/${segments.slice(0, 3).join('/')}`, kind: 'person' }
      const page = first === 'pg' ? segments.slice(1) : segments
      const name = page[0]?.toLowerCase()
      if (name === undefined || FB_RESERVED.has(name) || SITE_PAGES.has(name) || name.endsWith('.php')) return null
      if (page[1] !== undefined && FB_CONTENT.has(page[1].toLowerCase())) return null
      return /^[\p{L}\p{N}._%-]+$/u.test(page[0]) ? profile(`/${page[0]}`) : null
    }
  },
  'linkedin.com': {
    platform: 'linkedin',
    match ([first, second]) {
      const kinds = { company: 'profile', showcase: 'profile', school: 'profile', in: 'person' } as const
      const kind = first === undefined ? undefined : kinds[first.toLowerCase() as keyof typeof kinds]
      if (kind === undefined || second === undefined) return null
      return { path: `/${first.toLowerCase()}/${second}`, kind }
    }
  },
  'instagram.com': { platform: 'instagram', match: firstSegmentHandle(/^[A-Za-z0-9._]{1,30}$/, IG_RESERVED) },
  'youtube.com': {
    platform: 'youtube',
    match ([first, second]) {
      if (first === undefined) return null
      if (first.startsWith('@')) return /^@[\w.-]{3,30}$/.test(first) ? profile(`/${first}`) : null
      const lower = first.toLowerCase()
      if (lower === 'channel' || lower === 'c' || lower === 'user') return second === undefined ? null : profile(`/${lower}/${second}`)
      if (YT_RESERVED.has(lower)) return null
      return /^[A-Za-z0-9_-]{1,100}$/.test(first) ? profile(`/${first}`) : null
    }
  },
  'tiktok.com': { platform: 'tiktok', match: firstSegmentHandle(/^@[A-Za-z0-9._]{1,24}$/, new Set(), words('video photo')) },
  'threads.net': { platform: 'threads', match: firstSegmentHandle(/^@[A-Za-z0-9._]{1,30}$/, new Set(), words('post')) },
  'bsky.app': {
    platform: 'bluesky',
    match ([first, handle, third]) {
      return first === 'profile' && handle !== undefined && third !== 'post' ? profile(`/profile/${handle}`) : null
    }
  },
  'pinterest.com': { platform: 'pinterest', match: firstSegmentHandle(/^[A-Za-z0-9_]{3,30}$/, PIN_RESERVED) },
  'github.com': {
    platform: 'github',
    match (segments) {
      // a repository link (github.com/org/repo) implies the organisation
      const org = segments[0]?.toLowerCase() === 'orgs' ? segments.slice(1) : segments
      return firstSegmentHandle(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, GH_RESERVED)(org)
    }
  },
  'reddit.com': {
    platform: 'reddit',
    match ([first, name, third]) {
      if (name === undefined) return null
      const lower = first.toLowerCase()
      if (lower === 'r') return third === 'comments' || third === 'submit' ? null : community(`/r/${name}`)
      return lower === 'user' || lower === 'u' ? profile(`/user/${name}`) : null
    }
  },
  't.me': {
    platform: 'telegram',
    match ([first, second]) {
      if (first === undefined) return null
      if (first === 'joinchat') return second === undefined ? null : community(`/joinchat/${second}`)
      if (first.startsWith('+')) return community(`/${first}`)
      const handle = first === 's' ? second : first
      return handle !== undefined && handle !== 'share' && /^[A-Za-z0-9_]{4,32}$/.test(handle) ? profile(`/${handle}`) : null
    }
  },
  'discord.gg': {
    platform: 'discord',
    match ([code]) { return code === undefined ? null : community(`/${code}`) }
  },
  'discord.com': {
    platform: 'discord',
    match ([first, code]) {
      return first === 'invite' && code !== undefined ? { path: `/${code}`, kind: 'community', host: 'discord.gg' } : null
    }
  },
  'medium.com': { platform: 'medium', match: firstSegmentHandle(/^@[A-Za-z0-9._-]{1,50}$/, new Set()) },
  'tumblr.com': { platform: 'tumblr', match: firstSegmentHandle(/^[A-Za-z0-9-]{1,32}$/, TUMBLR_RESERVED) },
  'vimeo.com': { platform: 'vimeo', match: firstSegmentHandle(/^(?!\d+$)[A-Za-z0-9_-]{2,64}$/, VIMEO_RESERVED) },
  'twitch.tv': { platform: 'twitch', match: firstSegmentHandle(/^[A-Za-z0-9_]{3,25}$/, TWITCH_RESERVED) },
  'snapchat.com': {
    platform: 'snapchat',
    match ([first, second]) {
      if (first === 'add' && second !== undefined) return profile(`/add/${second}`)
      return first !== undefined && /^@[A-Za-z0-9._-]{3,15}$/.test(first) ? profile(`/${first}`) : null
    }
  },
  'soundcloud.com': { platform: 'soundcloud', match: firstSegmentHandle(/^[A-Za-z0-9_-]{2,64}$/, SC_RESERVED) },
  'dribbble.com': { platform: 'dribbble', match: firstSegmentHandle(/^[A-Za-z0-9_-]{2,64}$/, ART_RESERVED) },
  'behance.net': { platform: 'behance', match: firstSegmentHandle(/^[A-Za-z0-9_-]{2,64}$/, ART_RESERVED) }
}

// Well-known Mastodon servers; other servers count when a page links them with rel="me".
const MASTODON_HOSTS = ['mastodon.social', 'mastodon.online', 'mstdn.social', 'fosstodon.org', 'hachyderm.io',
  'infosec.exchange', 'mas.to', 'mastodon.world', 'techhub.social', 'social.vivaldi.net']
export const FEDIVERSE: PlatformRule = {
  platform: 'mastodon',
  match: firstSegmentHandle(/^@[A-Za-z0-9_.]{1,64}$/, new Set(), new Set())
}
for (const host of MASTODON_HOSTS) PLATFORMS[host] = FEDIVERSE

/** Hosts folded onto one spelling, after www./m./mobile./web. are stripped. */
export const HOST_ALIASES: Record<string, string> = {
  'twitter.com': 'x.com',
  'fb.com': 'facebook.com',
  'threads.com': 'threads.net',
  'telegram.me': 't.me',
  'discordapp.com': 'discord.com',
  'old.reddit.com': 'reddit.com',
  'new.reddit.com': 'reddit.com'
}
