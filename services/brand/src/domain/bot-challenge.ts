/** What a fetched page looks like to the challenge detector. */
export interface ChallengeInput {
  status: number
  headers: Record<string, string | string[] | undefined>
  title: string | null
  /** The start of the decoded HTML; markers sit near the top of every challenge page we know. */
  html: string
}

export interface ChallengeVerdict {
  challenge: boolean
  /** The bot-protection vendor when recognisable, else `unknown`; null when no challenge. */
  provider: string | null
}

const TITLES: Array<[RegExp, string]> = [
  [/^just a moment\b/i, 'cloudflare'],
  [/^attention required!?\s*\|\s*cloudflare/i, 'cloudflare'],
  [/^please wait\.*\s*\|\s*cloudflare/i, 'cloudflare'],
  [/\bddos-guard\b/i, 'ddos-guard'],
  [/^pardon our interruption/i, 'imperva'],
  [/^(access denied|access to this page has been denied)\.?$/i, 'unknown'],
  [/^(checking your browser|verifying you are human|human verification|are you a robot\??|security check(point)?|one more step|bot verification)\b/i, 'unknown']
]

const MARKERS: Array<[RegExp, string]> = [
  [/\/cdn-cgi\/challenge-platform\/|window\._cf_chl_opt|cf-browser-verification|cf_chl_/i, 'cloudflare'],
  [/_Incapsula_Resource|incapsula incident id/i, 'imperva'],
  [/captcha-delivery\.com|geo\.captcha-delivery|datadome/i, 'datadome'],
  [/px-captcha|_pxCaptcha|perimeterx/i, 'perimeterx'],
  [/ak_bmsc|akamai bot manager|errors\.edgesuite\.net/i, 'akamai'],
  [/challenges\.cloudflare\.com\/turnstile/i, 'cloudflare'],
  [/aws-waf-token|awswaf/i, 'aws-waf'],
  [/enable javascript and cookies to continue/i, 'unknown']
]

function header (headers: ChallengeInput['headers'], name: string): string {
  const value = headers[name]
  return (Array.isArray(value) ? value.join(',') : value ?? '').toLowerCase()
}

/**
 * Recognises bot-protection interstitials so they are never reported as the brand
 * ("Just a moment...", "Attention Required!", 403/503 with cf-ray and a challenge body, ...).
 */
export function detectBotChallenge (input: ChallengeInput): ChallengeVerdict {
  if (header(input.headers, 'cf-mitigated') === 'challenge') return { challenge: true, provider: 'cloudflare' }
  const title = (input.title ?? '').trim()
  for (const [pattern, provider] of TITLES) {
    if (pattern.test(title)) return { challenge: true, provider }
  }
  const head = input.html.slice(0, 64 * 1024)
  const marker = MARKERS.find(([pattern]) => pattern.test(head))
  const blockingStatus = input.status === 403 || input.status === 429 || input.status === 503
  // vendors inject their scripts into ordinary pages too, so a marker alone is not a challenge
  if (marker !== undefined && (blockingStatus || title === '')) {
    return { challenge: true, provider: marker[1] }
  }
  if (blockingStatus) {
    if (header(input.headers, 'cf-ray') !== '' || header(input.headers, 'server') === 'cloudflare') return { challenge: true, provider: 'cloudflare' }
    if (header(input.headers, 'x-datadome') !== '' || header(input.headers, 'x-dd-b') !== '') return { challenge: true, provider: 'datadome' }
    if (header(input.headers, 'server').startsWith('ddos-guard')) return { challenge: true, provider: 'ddos-guard' }
  }
  return { challenge: false, provider: null }
}
