import type { CheckDef } from '../../check.js'

export const noBotChallenge: CheckDef = {
  id: 'fetchability.no_bot_challenge',
  category: 'fetchability',
  max: 3,
  label: 'no bot challenge, 403 or 429 for our declared user agent',
  measure: ({ obs, challenge }) => obs.homepage.fetch.status === null
    ? { points: 0, detail: 'not measured: no response' }
    : { points: challenge === null ? 3 : 0, detail: challenge ?? 'served normally' },
  gaps: [
    {
      code: 'bot_challenge_served',
      severity: 'high',
      find: ({ d }) => d.challenge !== null && { evidence: d.challenge },
      recommendation: 'Let declared crawlers through the bot protection (verified-bot allow lists), or they index a challenge page instead of the site.'
    }
  ]
}
