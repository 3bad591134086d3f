import { hmacOfEachPart } from '../algorithms.js'
import { decodeBase64, decodeHex, mac } from '../digest.js'
import { hexKey, UnusableSecret } from '../key-formats.js'
import { defineProvider, anyFramework, check, type ContentVariant, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { isObject, jsonObject } from './body-fields.js'

// Each NotificationRequestItem is signed on its own: HMAC-SHA256 with the hex-decoded HMAC key over these fields,
// joined by ':' (Adyen's docs and the HmacValidator of @adyen/api-library), base64 in additionalData.hmacSignature.
const FIELDS = ['pspReference', 'originalReference', 'merchantAccountCode', 'merchantReference', 'amount.value', 'amount.currency', 'eventCode', 'success']
const SIGNATURE_FIELD = 'additionalData.hmacSignature'
// Adyen batches a handful of items at most; a bound keeps the MACs per secret few whatever the body holds.
export const MAX_ITEMS = 50
const ALGORITHM = hmacOfEachPart('sha256', hexKey)

interface AdyenItem {
  /** The signed fields, as the SDK joins them: absent fields empty, numbers and booleans spelled by JavaScript. */
  fields: string[]
  signature?: string
}

// Absent fields are empty, as the SDK's join makes them; an object or array is never one of Adyen's fields, and is
// refused rather than spelled (String() of a parsed {"toString": 1} throws).
const spelled = (value: unknown): string | undefined =>
  value === undefined || value === null ? '' : typeof value === 'object' ? undefined : String(value)

export type AdyenBody = { items: AdyenItem[], live?: unknown } | { problem: string, malformed?: boolean }

/** The notification items of an Adyen standard webhook body, or why there are none. */
export function adyenItems (payload: string): AdyenBody {
  const body = jsonObject(payload)
  const list = body?.notificationItems
  if (!Array.isArray(list) || list.length === 0) return { problem: 'the body has no notificationItems' }
  if (list.length > MAX_ITEMS) return { problem: `the body has ${list.length} notificationItems, more than the ${MAX_ITEMS} verified at most` }
  const items: AdyenItem[] = []
  for (const [index, entry] of list.entries()) {
    const item: unknown = isObject(entry) ? entry.NotificationRequestItem : undefined
    if (!isObject(item)) return { problem: `notificationItems[${index}] has no NotificationRequestItem object` }
    const amount = isObject(item.amount) ? item.amount : {}
    const additional = isObject(item.additionalData) ? item.additionalData : {}
    const values = [item.pspReference, item.originalReference, item.merchantAccountCode, item.merchantReference, amount.value, amount.currency,
      item.eventCode, item.success]
    const fields = values.map(spelled)
    const odd = fields.indexOf(undefined)
    if (odd >= 0) return { problem: `notificationItems[${index}] has an object where ${FIELDS[odd]} should be a string or number`, malformed: true }
    items.push({ fields: fields as string[], ...(typeof additional.hmacSignature === 'string' ? { signature: additional.hmacSignature } : {}) })
  }
  return { items, live: body?.live }
}

// read parses the body once and hands its items to the diagnosis and the extra checks
const itemsOf = (read: SignatureRead): AdyenBody => read.body as AdyenBody

const itemName = (index: number, count: number): string => count === 1 ? 'the NotificationRequestItem' : `notificationItems[${index}]`

function read (ctx: ProviderContext): SignatureRead {
  const parsed = adyenItems(ctx.payload)
  const none = { candidates: [], loose: [], algorithm: ALGORITHM, body: parsed }
  if ('problem' in parsed) {
    const other = ctx.headers.has('hmacsignature')
      ? '; the HmacSignature header signs the raw body of Balance Platform and Management webhooks instead: verify those with provider ' +
        'generic-hmac, "generic": {"header_name": "HmacSignature", "encoding": "base64", "key_encoding": "hex"}'
      : ''
    return {
      ...none,
      reason: parsed.malformed === true ? 'malformed_signature_header' : 'missing_signature_header',
      checks: [check('signature_header', 'failed',
        `${parsed.problem}: Adyen's standard webhooks sign each NotificationRequestItem in its ${SIGNATURE_FIELD}${other}`)]
    }
  }
  const { items } = parsed
  const unsigned = items.findIndex((item) => item.signature === undefined)
  if (unsigned >= 0) {
    return {
      ...none,
      reason: 'missing_signature_header',
      checks: [check('signature_header', 'failed', `${itemName(unsigned, items.length)} has no ${SIGNATURE_FIELD}: switch on HMAC signing for ` +
        'this webhook in the Customer Area (Developers > Webhooks) and verify with its HMAC key')]
    }
  }
  const digests = items.map((item) => decodeBase64(item.signature as string))
  const signed = (): string[] => items.map((item) => item.fields.join(':'))
  const bad = digests.findIndex((digest) => digest?.length !== 32)
  if (bad >= 0) {
    return {
      ...none,
      loose: items.length === 1 ? [items[0].signature as string] : [],
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed',
        `the ${SIGNATURE_FIELD} of ${itemName(bad, items.length)} is not the base64 of an HMAC-SHA256 (44 characters)`)],
      header: SIGNATURE_FIELD,
      signed
    }
  }
  const label = items.length === 1 ? SIGNATURE_FIELD : `the ${SIGNATURE_FIELD} of each of the ${items.length} notification items`
  return {
    checks: [check('signature_header', 'passed', `${label} found${items.length > 1 ? ': every item must match' : ''}`)],
    header: SIGNATURE_FIELD,
    candidates: [{ label, digest: Buffer.concat(digests as Buffer[]) }],
    loose: [],
    algorithm: ALGORITHM,
    body: parsed,
    signed
  }
}

function contentVariants (_ctx: ProviderContext, read: SignatureRead): ContentVariant[] {
  const parsed = itemsOf(read)
  if ('problem' in parsed || !parsed.items.some((item) => item.fields.includes(''))) return []
  return [{
    code: 'empty_fields_dropped',
    cause: 'framing',
    finding: 'the fields joined without the empty ones',
    explanation: 'Adyen keeps an absent field (originalReference, often) as an empty string between its colons: the code that signed or checks ' +
      'this left the empty fields out',
    content: parsed.items.map((item) => item.fields.filter((field) => field !== '').join(':'))
  }]
}

function extraChecks (_ctx: ProviderContext, read: SignatureRead): Check[] {
  const parsed = itemsOf(read)
  const live = 'problem' in parsed ? undefined : parsed.live
  return [
    check('body_integrity', 'warning', `Adyen signs ${FIELDS.join(', ')} of each item, nothing else: additionalData, eventDate, reason and ` +
      'the other fields are not covered by the signature'),
    'problem' in parsed
      ? check('idempotency_key', 'skipped', 'deduplicate Adyen notifications on pspReference with eventCode')
      : check('idempotency_key', 'passed', 'deduplicate on each item\'s pspReference with its eventCode (and success): Adyen resends a notification ' +
        'until it is accepted'),
    ...(live === 'true' || live === 'false'
      ? [check('environment', 'passed', `live is "${live}": a ${live === 'true' ? 'live' : 'test'} notification, signed with that environment's HMAC key`)]
      : [])
  ]
}

// The published vector of Adyen's API libraries (their HMAC tests): this key over this item gives
// Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=.
const DEMO_KEY = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00'
const DEMO_ITEM = {
  pspReference: '7914073381342284',
  merchantAccountCode: 'TestMerchant',
  merchantReference: 'TestPayment-1407325143704',
  amount: { value: 1130, currency: 'EUR' },
  eventCode: 'AUTHORISATION',
  success: 'true'
}
const demoSignature = mac('sha256', Buffer.from(DEMO_KEY, 'hex'), ['7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true'])

export const adyen = defineProvider({
  id: 'adyen',
  replayProtected: false,
  name: 'Adyen',
  scheme: 'hmac-sha256-base64',
  signatureHeaders: [],
  timestampHeader: null,
  signedContent: `<${FIELDS.join('>:<')}> of each NotificationRequestItem, absent fields empty; the signature is base64 in its ${SIGNATURE_FIELD}, ` +
    'one per item, and every item must match; eventDate is not signed',
  secretFormat: 'the webhook\'s HMAC key (Customer Area > Developers > Webhooks), 64 hex characters, hex-decoded to the key',
  keyFormat: 'hex',
  algorithm: ALGORITHM,
  detection: { headers: [], body: (payload) => /"notificationItems"\s*:\s*\[/.test(payload) && payload.includes('"NotificationRequestItem"') },
  read,
  signsBodyFields: true,
  contentVariants,
  extraChecks,
  secretFindings: (secret) => secret.startsWith('AQE') ? ['it starts with AQE, the shape of an Adyen API key, which signs no webhook'] : [],
  // The signature travels inside each item, so the demo body is signed already and nothing is added to the headers.
  sign: () => ({}),
  signBody ({ body, secret }) {
    const parsed = adyenItems(body)
    const key = decodeHex(secret)
    if ('problem' in parsed) return { problem: `${parsed.problem}: Adyen signs each NotificationRequestItem of a standard webhook body` }
    // a secret Adyen's libraries could not decode either: sign's invalid_secret, as for every provider's key format
    if (key === undefined) throw new UnusableSecret('the secret is not hex: Adyen\'s HMAC key is 64 hex characters')
    const json = jsonObject(body) as { notificationItems: Array<{ NotificationRequestItem: Record<string, unknown> }> }
    json.notificationItems.forEach(({ NotificationRequestItem: item }, index) => {
      const signature = mac('sha256', key, [parsed.items[index].fields.join(':')]).toString('base64')
      item.additionalData = { ...(isObject(item.additionalData) ? item.additionalData : {}), hmacSignature: signature }
    })
    return { body: JSON.stringify(json) }
  },
  demos: [{
    payload: JSON.stringify({
      live: 'false',
      notificationItems: [{ NotificationRequestItem: { ...DEMO_ITEM, additionalData: { hmacSignature: demoSignature.toString('base64') } } }]
    }),
    secret: DEMO_KEY,
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Adyen signs eight fields of each notification item with the hex-decoded HMAC key',
    'Pass the body as received (re-serialising it does no harm here) and the HMAC key of this webhook as hex; test and live have different keys, ' +
    'and amount.value is in minor units as sent.'),
  missingHeaderNote: anyFramework('Adyen\'s signature is inside each notification item, not in a header',
    `Pass the whole body, with its notificationItems and each item's ${SIGNATURE_FIELD}; switch HMAC signing on for the webhook if it is missing.`)
})
