import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROVIDER_IDS, PROVIDERS } from '../../src/domain/providers/index.js'

const SRC = join(import.meta.dirname, '../../src')
const PROVIDERS_DIR = join(SRC, 'domain/providers')

function sources (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path === PROVIDERS_DIR ? [] : sources(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Every quoted provider id (`'stripe'`, `"stripe"`, a template literal) in a file outside providers/, with its line. */
function literals (path: string): string[] {
  const found: string[] = []
  readFileSync(path, 'utf8').split('\n').forEach((line, index) => {
    for (const id of PROVIDER_IDS) {
      if (new RegExp(`(['"\`])${id}\\1`).test(line)) found.push(`${relative(SRC, path)}:${index + 1}: ${id}`)
    }
  })
  return found
}

describe('one seam per provider', () => {
  it('keeps every provider id literal inside src/domain/providers/', () => {
    const files = sources(SRC)
    expect(files.length).toBeGreaterThan(20)
    expect(files.flatMap(literals)).toEqual([])
  })

  it('would see a literal that crept in (the check itself can fail)', () => {
    expect(literals(join(PROVIDERS_DIR, 'stripe.ts'))).toContain('domain/providers/stripe.ts:' +
      `${readFileSync(join(PROVIDERS_DIR, 'stripe.ts'), 'utf8').split('\n').findIndex((line) => line.includes("id: 'stripe'")) + 1}: stripe`)
  })

  it('derives each listing from the spec: the id, scheme and replay protection are said once', () => {
    for (const provider of Object.values(PROVIDERS)) {
      expect(provider.info.provider).toBe(provider.id)
      expect(provider.info.replay_protected).toBe(provider.replayProtected)
      expect(provider.info.default_tolerance_seconds === null).toBe(!provider.replayProtected)
      expect(provider.info.signature_scheme.startsWith(provider.scheme())).toBe(true)
    }
  })

  it('lists each provider once, in the order of the index', () => {
    expect(new Set(PROVIDER_IDS).size).toBe(PROVIDER_IDS.length)
    expect(Object.keys(PROVIDERS)).toEqual([...PROVIDER_IDS])
  })
})
