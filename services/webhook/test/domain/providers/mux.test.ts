import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, timestampedList } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'mux',
  secret: 'hjqbf1u6qhm2ieeqgq0m3m8fq8n9fd9g',
  body: () => '{"type":"video.asset.ready","id":"3a56ac3d-33da-4366-855b-f592d898409d","data":{"id":"asset_1","status":"ready"}}',
  headers: (body, secret, timestamp) => ({ 'Mux-Signature': timestampedList(secret, timestamp, body) }),
  signatureHeader: 'Mux-Signature',
  timestamped: true
}

describe('mux', () => {
  providerBasics(spec)

  it('accepts any of several v1 entries', () => {
    const signed = request(spec)
    const header = signed.headers['Mux-Signature']
    const result = verifyWebhook({ ...signed, headers: { 'Mux-Signature': `${header.replace(/v1=.*/, `v1=${'0'.repeat(64)}`)},${header.split(',')[1]}` } }, NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'signature').detail).toContain('v1 entry 2 of 2')
  })

  it('reports two different timestamps as invalid', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'Mux-Signature': `t=${NOW - 1},${signed.headers['Mux-Signature']}` } }, NOW)
    expect(result.reason).toBe('invalid_timestamp')
  })

  it('finds a secret pasted with its quotes', () => {
    const result = verifyWebhook({ ...request(spec), secret: `"${spec.secret}"` }, NOW)
    expect(checkNamed(result, 'near_miss_secret_unquoted').status).toBe('warning')
  })
})
