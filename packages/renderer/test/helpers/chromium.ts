import { existsSync } from 'node:fs'
import { describe } from 'vitest'

export const CHROMIUM = '/usr/bin/chromium'
const inCi = (process.env.CI ?? '') !== '' && process.env.CI !== 'false'
// in CI a missing chromium fails the run (the launch throws) instead of skipping
const runs = existsSync(CHROMIUM) || inCi

/** `describe` when chromium can run here; otherwise a skipped suite whose name says why. */
export function browserSuite (name: string, body: () => void): void {
  // a loaded machine shares its two cores with the browser: page renders get room beyond vitest's 5 s default
  if (runs) describe(name, { timeout: 30_000 }, body)
  else describe.skip(`${name} (skipped: no chromium at ${CHROMIUM})`, body)
}
