// Bot-protection interstitials ("Just a moment...", "Attention Required!", a 403 with a challenge
// script): recognised so that brand never reports one as the brand and site never scores one as the
// homepage, and so that site can tell which crawler a protection service turns away.

/** Every bot-protection service recognised, by the id the APIs report and the name people read. */
export const BOT_PROTECTION = {
  cloudflare: 'Cloudflare',
  imperva: 'Imperva Incapsula',
  datadome: 'DataDome',
  perimeterx: 'HUMAN (PerimeterX)',
  akamai: 'Akamai Bot Manager',
  'aws-waf': 'AWS WAF',
  sucuri: 'Sucuri',
  'ddos-guard': 'DDoS-Guard',
  unknown: 'an unrecognised bot protection'
} as const

export type BotProtection = keyof typeof BOT_PROTECTION

/** What a fetched page looks like to the challenge detector. */
export interface ChallengeInput {
  status: number
  headers: Record<string, string | string[] | undefined>
  title: string | null
  /** The start of the decoded HTML; markers sit near the top of every challenge page we know. */
  html: string
  /** Words of visible text, when the caller has read them: a page of 50 or more is a page of its own. */
  words?: number
}

export interface ChallengeVerdict {
  challenge: boolean
  /** The service behind the challenge (`unknown` when not recognisable); null when no challenge. */
  provider: BotProtection | null
}

const TITLES: Array<[RegExp, BotProtection]> = [
  [/^just a moment\b/i, 'cloudflare'],
  [/^attention required!?\s*\|\s*cloudflare/i, 'cloudflare'],
  [/^please wait\.*\s*\|\s*cloudflare/i, 'cloudflare'],
  [/\bddos-guard\b/i, 'ddos-guard'],
  [/^pardon our interruption/i, 'imperva'],
  [/^(access denied|access to this page has been denied)\.?$/i, 'unknown'],
  [/^(checking your browser|verifying you are human|human verification|are you a robot\??|security check(point)?|one more step|bot verification)\b/i, 'unknown']
]

const MARKERS: Array<[RegExp, BotProtection]> = [
  [/\/cdn-cgi\/challenge-platform\/|window\._cf_chl_opt|cf-browser-verification|cf_chl_|cf-chl-/i, 'cloudflare'],
  [/challenges\.cloudflare\.com\/turnstile/i, 'cloudflare'],
  [/_Incapsula_Resource|incapsula incident/i, 'imperva'],
  [/captcha-delivery\.com|captcha\.datadome|datadome/i, 'datadome'],
  [/px-captcha|_pxCaptcha|perimeterx/i, 'perimeterx'],
  [/ak_bmsc|akamai bot manager|errors\.edgesuite\.net/i, 'akamai'],
  [/aws-waf-token|awswaf/i, 'aws-waf'],
  [/sucuri website firewall/i, 'sucuri'],
  [/ddos-guard/i, 'ddos-guard'],
  [/enable javascript and cookies to continue/i, 'unknown']
]

const NOTHING: ChallengeVerdict = { challenge: false, provider: null }
const BLOCKING_STATUS = new Set([403, 429, 503])
const OWN_PAGE_WORDS = 50

function header (headers: ChallengeInput['headers'], name: string): string {
  const value = headers[name]
  return (Array.isArray(value) ? value.join(',') : value ?? '').toLowerCase()
}

function blockingServer (headers: ChallengeInput['headers']): BotProtection | null {
  if (header(headers, 'cf-ray') !== '' || header(headers, 'server') === 'cloudflare') return 'cloudflare'
  if (header(headers, 'x-datadome') !== '' || header(headers, 'x-dd-b') !== '') return 'datadome'
  if (header(headers, 'server').startsWith('ddos-guard')) return 'ddos-guard'
  return null
}

/**
 * A challenge page: the cf-mitigated header, a challenge title, or a vendor's marker on a blocking
 * status (403, 429, 503) or on a page with nothing of its own (no title, and under 50 words when the
 * words are known); else a blocking status from a protection service's server. Vendors inject their
 * scripts into ordinary pages too, so a marker alone is not a challenge.
 */
export function detectBotChallenge (input: ChallengeInput): ChallengeVerdict {
  if (header(input.headers, 'cf-mitigated') === 'challenge') return { challenge: true, provider: 'cloudflare' }
  const title = (input.title ?? '').trim()
  const byTitle = TITLES.find(([pattern]) => pattern.test(title))
  if (byTitle !== undefined) return { challenge: true, provider: byTitle[1] }
  const blocking = BLOCKING_STATUS.has(input.status)
  const nothingOfItsOwn = title === '' && (input.words === undefined || input.words < OWN_PAGE_WORDS)
  const head = input.html.slice(0, 64 * 1024)
  const marker = MARKERS.find(([pattern]) => pattern.test(head))
  if (marker !== undefined && (blocking || nothingOfItsOwn)) return { challenge: true, provider: marker[1] }
  const server = blocking ? blockingServer(input.headers) : null
  return server === null ? NOTHING : { challenge: true, provider: server }
}
