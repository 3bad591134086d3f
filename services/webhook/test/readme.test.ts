import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../src/domain/providers/index.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const DOMAIN = new URL('../src/domain/', import.meta.url).pathname
const sources = readdirSync(DOMAIN, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => readFileSync(join(DOMAIN, file), 'utf8'))
  .join('\n')
const literals = (pattern: RegExp) => [...new Set([...sources.matchAll(pattern)].map((match) => match[1]))].sort()

// Clients branch on check names and near-miss codes: the service README is their reference, so it must name them all.
describe('services/webhook/README.md', () => {
  const checks = literals(/check\('([a-z0-9_]+)'/g)
  const codes = literals(/code: '([a-z0-9_]+)'/g)

  it('names every check the verification can emit', () => {
    expect(checks.length).toBeGreaterThan(10)
    expect(checks.filter((name) => !README.includes(`\`${name}\``))).toEqual([])
  })

  it('has a row for every provider in the Providers table, and says PayPal is out of scope', () => {
    const rows = new Set([...README.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1]))
    expect(PROVIDER_IDS.filter((id) => !rows.has(id))).toEqual([])
    expect(README).toContain('Out of scope: **PayPal**')
  })

  it('names every near-miss code of the body and the secret', () => {
    expect(codes).toEqual(expect.arrayContaining(['json_string_decoded', 'secret_unquoted']))
    expect([...codes, 'body_only_signed'].filter((code) => !README.includes(`\`${code}\``))).toEqual([])
  })
})
