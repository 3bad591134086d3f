import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROVIDER_GROUPS, PROVIDER_IDS, PROVIDERS, type ProviderGroup } from '../src/domain/providers/index.js'

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

/** The providers a prose list names: ids or names, any case (`Discord`, `sendgrid`), in the README's order. */
const named = (list: string): string[] => list.split(/,|\band\b|\bor\b/).map((item) => item.trim().toLowerCase()).filter((item) => item !== '')

/** The providers whose spec module imports a shared module of providers/ (`timestamp-signature`). */
function usersOf (module: string): string[] {
  const dir = new URL('../src/domain/providers/', import.meta.url)
  // Each provider's spec is providers/<id>.ts
  return PROVIDER_IDS.filter((id) => readFileSync(new URL(`${id}.ts`, dir), 'utf8').includes(`from './${module}.js'`))
}

// Lists of providers in prose drift unless they are checked: each is marked with the group of the registry it names
describe('services/webhook/README.md lists providers as the registry groups them', () => {
  const marked = [...README.matchAll(/<!-- providers: (\w+) -->([^<]*)<!-- \/providers -->/g)]
    .map(([, group, list]) => ({ group: group as ProviderGroup, list }))

  it('marks every list of a group, with the group\'s providers in the registry\'s order', () => {
    expect(marked.length).toBeGreaterThanOrEqual(8)
    for (const { group, list } of marked) {
      expect(Object.keys(PROVIDER_GROUPS), group).toContain(group)
      expect(named(list), `${group}: ${list}`).toEqual(PROVIDER_GROUPS[group])
    }
  })

  it('names in the layout every user of a shared shape, or says that it gives examples', () => {
    for (const module of ['timestamp-hmac', 'timestamp-signature', 'body-fields']) {
      const line = new RegExp(`${module}\\.ts: [^\\n]*\\((e\\.g\\. )?([^)]*)\\)`).exec(README)
      expect(line, module).not.toBeNull()
      const [, example, list] = line as RegExpExecArray
      const users = usersOf(module)
      expect(users.length, module).toBeGreaterThan(1)
      if (example === undefined) expect(named(list), module).toEqual(users)
      else expect(users, module).toEqual(expect.arrayContaining(named(list)))
    }
  })

  it('gives the number of providers in the root README', () => {
    const root = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    expect(root).toContain(`lists the ${PROVIDER_IDS.length} providers`)
    expect(Object.keys(PROVIDERS).length).toBe(PROVIDER_IDS.length)
  })
})
