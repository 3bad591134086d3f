import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, hmac } from '../digest.js'
import { defineProvider, anyFramework, check, headerReason, prefixed, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'

const SIGNATURE = 'x-slack-signature'
const TIMESTAMP = 'x-slack-request-timestamp'
const V0_VALUE = /^v0=([0-9a-fA-F]{64})$/

function read (ctx: ProviderContext): SignatureRead {
  const checks: Check[] = []
  const signature = readHeader(ctx, SIGNATURE, 'X-Slack-Signature')
  const timestamp = readHeader(ctx, TIMESTAMP, 'X-Slack-Request-Timestamp', 'timestamp')
  let result: SignatureRead = { checks, candidates: [], loose: [], algorithm: HMAC_SHA256 }

  if ('check' in signature) {
    checks.push(signature.check)
    result.reason = headerReason(signature.reason)
  } else {
    result.header = SIGNATURE
    const match = V0_VALUE.exec(signature.value)
    if (match === null) {
      checks.push(check('signature_header', 'failed', `X-Slack-Signature is not of the form v0=<64 hex digits>: ${describeProblem(signature.value)}`))
      result = { ...result, reason: 'malformed_signature_header', loose: [signature.value] }
    } else {
      checks.push(check('signature_header', 'passed', 'X-Slack-Signature found: v0=<64 hex digits>'))
      result.candidates = [{ label: 'X-Slack-Signature', digest: decodeHex(match[1]) as Buffer }]
    }
  }

  if ('check' in timestamp) {
    checks.push(timestamp.check)
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
  } else {
    result.timestamp = timestamp.value
    result.timestampLabel = 'X-Slack-Request-Timestamp'
    result.signed = prefixed(`v0:${timestamp.value}:`)
  }
  return result
}

function describeProblem (value: string): string {
  if (value === '') return 'the value is empty'
  if (/^[0-9a-fA-F]{64}$/.test(value)) return 'the v0= version prefix is missing'
  const version = /^([^=]*)=/.exec(value)
  if (version !== null && version[1] !== 'v0') return `unknown signature version "${version[1].slice(0, 8)}"; Slack signs with v0`
  return 'the digest after v0= is not 64 hex digits'
}

export const slack = defineProvider({
  id: 'slack',
  replayProtected: true,
  name: 'Slack',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: ['X-Slack-Signature'],
  timestampHeader: 'X-Slack-Request-Timestamp',
  signedContent: 'v0:<X-Slack-Request-Timestamp>:<raw body>; header value v0=<hex HMAC-SHA256>',
  secretFormat: "the app's Signing Secret (Basic Information > App Credentials, 32 hex characters), used as UTF-8 bytes; not a bot or user token",
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE, TIMESTAMP] },
  read,
  // Slash commands and interactivity post forms.
  formBodies: true,
  extraChecks (ctx) {
    const retry = ctx.headers.get('x-slack-retry-num')
    return retry === undefined
      ? []
      : [check('retry', 'warning', `X-Slack-Retry-Num is ${retry.slice(0, 4)}: Slack is retrying a delivery your ` +
        'endpoint did not acknowledge within 3 seconds')]
  },
  sign: ({ body, secret, timestamp }) => ({
    'X-Slack-Request-Timestamp': String(timestamp),
    'X-Slack-Signature': `v0=${hmac('sha256', secret, body, `v0:${timestamp}:`).toString('hex')}`
  }),
  secretFindings: (secret) => /^[0-9a-f]{32}$/.test(secret)
    ? []
    : [/^[A-Za-z0-9]{24}$/.test(secret)
        ? 'it looks like the legacy verification token (24 characters); requests are signed with the Signing Secret'
        : 'Slack signing secrets are 32 lowercase hex characters'],
  // Slack's documented signing example.
  demos: [{
    payload: 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar' +
      '&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=' +
      '&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN' +
      '&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
    secret: '8f742231b10e8888abcd99yyyzzz85a5',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    timestamp: 1531420618,
    example: { summary: "Slack: Slack's documented signing example, at its own time" }
  }],
  note: anyFramework('Slack signs the form body exactly as posted',
    'Slash commands and interactivity arrive as application/x-www-form-urlencoded; verify the body before any form parser decodes and re-encodes it.')
})
