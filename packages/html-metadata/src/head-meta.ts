import { type DomElement, attrText, cleanText } from './dom.js'
import { charsetFromContentValue } from './meta-prescan.js'
import { parseMetaRefresh } from './meta-refresh.js'
import { resolveUrl } from './resolve-url.js'
import type { RobotsAgentDirectives } from './types.js'

export interface HeadMeta {
  description: string | null
  applicationName: string | null
  appleMobileWebAppTitle: string | null
  charsetDeclared: string | null
  viewport: string | null
  themeColors: Array<{ color: string, media: string | null }>
  tileColor: string | null
  robotsByAgent: RobotsAgentDirectives[]
  openGraph: Record<string, string>
  twitter: Record<string, string>
  metaRefresh: { delaySeconds: number, url: string } | null
}

// Meta names that carry robots directives: the generic one, search crawlers and AI crawler tokens.
const ROBOT_AGENTS = new Set(['robots', 'googlebot', 'googlebot-news', 'googlebot-image', 'google-extended', 'bingbot',
  'msnbot', 'duckduckbot', 'slurp', 'yandex', 'baiduspider', 'archive.org_bot', 'applebot', 'applebot-extended',
  'gptbot', 'oai-searchbot', 'chatgpt-user', 'claudebot', 'claude-searchbot', 'claude-user', 'anthropic-ai',
  'perplexitybot', 'perplexity-user', 'ccbot', 'bytespider', 'amazonbot', 'meta-externalagent'])
// OpenGraph namespaces kept with their prefix; og:* loses it ('og:site_name' -> 'site_name').
const OG_PREFIXES = ['article:', 'book:', 'profile:', 'product:']
const OG_URL_KEYS = new Set(['image', 'image:url', 'image:secure_url', 'url', 'video', 'video:url', 'video:secure_url',
  'audio', 'audio:url', 'audio:secure_url', 'logo', 'see_also'])
const OG_MAYBE_URL_KEYS = new Set(['article:author', 'article:publisher'])
const TWITTER_URL_KEYS = new Set(['image', 'image:src', 'player', 'player:stream'])

export function readHeadMeta (metas: DomElement[], base: URL, pageUrl: string): HeadMeta {
  const out: HeadMeta = {
    description: null,
    applicationName: null,
    appleMobileWebAppTitle: null,
    charsetDeclared: null,
    viewport: null,
    themeColors: [],
    tileColor: null,
    robotsByAgent: [],
    openGraph: {},
    twitter: {},
    metaRefresh: null
  }
  // Sets, not a scan of a list per directive: a robots meta of 80,000 directives took 20 s that way
  const agents = new Map<string, Set<string>>()
  for (const el of metas) {
    const a = el.attribs
    if (a.charset !== undefined && out.charsetDeclared === null) out.charsetDeclared = a.charset.trim().toLowerCase() || null
    const equiv = a['http-equiv']?.trim().toLowerCase()
    if (equiv === 'content-type' && out.charsetDeclared === null && a.content !== undefined) {
      out.charsetDeclared = charsetFromContentValue(a.content)?.trim().toLowerCase() ?? null
    } else if (equiv === 'refresh' && out.metaRefresh === null && a.content !== undefined) {
      out.metaRefresh = parseMetaRefresh(a.content, base, pageUrl)
    }
    const content = attrText(el, 'content')
    if (content === null) continue
    const keys = new Set([a.property, a.name].filter((k) => k !== undefined).map((k) => k.trim().toLowerCase()))
    for (const key of keys) {
      if (key.startsWith('og:')) setFirst(out.openGraph, key.slice(3), content, base, OG_URL_KEYS)
      else if (OG_PREFIXES.some((p) => key.startsWith(p))) setFirst(out.openGraph, key, content, base, OG_MAYBE_URL_KEYS)
      else if (key.startsWith('twitter:')) setFirst(out.twitter, key.slice(8), content, base, TWITTER_URL_KEYS)
      else if (ROBOT_AGENTS.has(key)) addDirectives(agents, key, content)
      else readNamed(out, key, content, el)
    }
  }
  for (const [agent, directives] of agents) out.robotsByAgent.push({ agent, directives: [...directives] })
  fallBack(out.openGraph, 'image', out.openGraph['image:url'] ?? out.openGraph['image:secure_url'])
  fallBack(out.twitter, 'image', out.twitter['image:src'])
  return out
}

function fallBack (target: Record<string, string>, key: string, value: string | undefined): void {
  if (!Object.hasOwn(target, key) && value !== undefined) target[key] = value
}

function readNamed (out: HeadMeta, key: string, content: string, el: DomElement): void {
  switch (key) {
    case 'description': out.description ??= content; break
    case 'application-name': out.applicationName ??= content; break
    case 'apple-mobile-web-app-title': out.appleMobileWebAppTitle ??= content; break
    case 'viewport': out.viewport ??= content; break
    case 'theme-color': out.themeColors.push({ color: content, media: attrText(el, 'media') }); break
    case 'msapplication-tilecolor': out.tileColor ??= content; break
  }
}

function setFirst (target: Record<string, string>, key: string, value: string, base: URL, urlKeys: Set<string>): void {
  if (key === '' || Object.hasOwn(target, key)) return
  const isUrl = urlKeys.has(key) && (urlKeys !== OG_MAYBE_URL_KEYS || /^(https?:|\/|www\.)/i.test(value))
  target[key] = isUrl ? (resolveUrl(value, base) ?? value) : value
}

function addDirectives (agents: Map<string, Set<string>>, agent: string, content: string): void {
  const directives = agents.get(agent) ?? new Set<string>()
  for (const d of parseRobotsDirectives(content)) directives.add(d)
  agents.set(agent, directives)
}

/**
 * Splits a robots meta content (or an X-Robots-Tag value without an agent prefix) into lowercased directives.
 * `unavailable_after: Saturday, 25-Jun-2026 15:00:00 PST` keeps the comma inside its date.
 */
export function parseRobotsDirectives (content: string): string[] {
  const out: string[] = []
  for (const raw of content.split(',')) {
    const part = cleanText(raw).toLowerCase()
    const last = out.length - 1
    if (last >= 0 && out[last].startsWith('unavailable_after') && /^\s*\d/.test(raw)) {
      out[last] += `, ${part}`
    } else if (part !== '') {
      out.push(part)
    }
  }
  return out
}
