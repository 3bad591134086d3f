import type { Check } from '../../src/domain/types.js'
import type { VerifyResult } from '../../src/domain/verify.js'

export function checkNamed (result: VerifyResult, name: string): Check {
  const found = result.checks.find((item) => item.name === name)
  if (found === undefined) throw new Error(`no check named ${name} in ${result.checks.map((item) => item.name).join(', ')}`)
  return found
}
