import { describe, expect, test } from 'vitest'
import { memoryShedBytes } from '../src/memory-limit.js'

describe('memoryShedBytes', () => {
  test('the memory past which calls are shed is 85% of a container\'s limit, none without a limit', () => {
    const machine = 24 * 1024 ** 3
    expect(memoryShedBytes(512 * 1024 ** 2, machine)).toBe(Math.floor(512 * 1024 ** 2 * 0.85))
    // cgroup v2's "max", Node's "unknown" and a limit above the machine's memory are no limit
    for (const none of [2 ** 64, undefined, 0, machine]) expect(memoryShedBytes(none, machine)).toBe(0)
  })
})
