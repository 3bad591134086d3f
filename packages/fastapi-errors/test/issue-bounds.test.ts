import { describe, expect, test } from 'vitest'
import { RequestValidationError } from '../src/errors.js'
import { echoInput, IssueList, MAX_INPUT_CHARS, MAX_ISSUES } from '../src/issue-bounds.js'
import type { ValidationIssue } from '../src/issues.js'

const issue = (i: number): ValidationIssue => ({ type: 'int_type', loc: ['body', 'values', i], msg: 'Input should be a valid integer', input: 'x' })

describe('echoInput', () => {
  test('an input of at most 200 characters (as JSON for a list or an object) is echoed as it is', () => {
    for (const input of ['', 'a'.repeat(MAX_INPUT_CHARS), 7, -1.5e300, true, null, [1, 'two', { three: 3 }], { a: [1, 2] }]) {
      expect(echoInput(input)).toBe(input)
    }
  })

  test('a longer text is cut at 200 characters, counted as Python counts them (a surrogate pair is one, never split)', () => {
    expect(echoInput('a'.repeat(201))).toBe(`${'a'.repeat(200)}...[truncated: 201 characters]`)
    // 150 emoji are 300 UTF-16 units and 150 characters: within the bound
    expect(echoInput('😀'.repeat(150))).toBe('😀'.repeat(150))
    expect(echoInput(`a${'😀'.repeat(250)}`)).toBe(`a${'😀'.repeat(199)}...[truncated: 501 characters]`)
  })

  test('a longer list or object is the first 200 characters of its JSON, saying what the whole was', () => {
    const list = Array.from({ length: 100 }, (_, i) => i)
    expect(echoInput(list)).toBe(`${JSON.stringify(list).slice(0, 200)}...[truncated: a list of 100 items]`)
    const object = { name: 'x'.repeat(500), other: 1 }
    expect(echoInput(object)).toBe(`${JSON.stringify(object).slice(0, 200)}...[truncated: an object of 2 fields]`)
  })

  test('reads no more of a list than it echoes', () => {
    const read = new Set<number>()
    const list = new Proxy(new Array(1_000_000).fill(7), {
      get (target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key))
        return Reflect.get(target, key)
      }
    })
    expect(echoInput(list)).toMatch(/^\[7,7,.*\.\.\.\[truncated: a list of 1000000 items\]$/)
    expect(read.size).toBeLessThanOrEqual(MAX_INPUT_CHARS / 2 + 1)
  })
})

describe('IssueList', () => {
  test('holds the first 1000 issues and counts the rest in one last issue', () => {
    const list = new IssueList()
    for (let i = 0; i < 1500; i++) {
      if (list.full) list.count()
      else list.add(issue(i))
    }
    const listed = list.list(['body'])
    expect(listed).toHaveLength(MAX_ISSUES + 1)
    expect(listed[MAX_ISSUES - 1]).toEqual(issue(MAX_ISSUES - 1))
    expect(listed[MAX_ISSUES]).toMatchObject({ type: 'too_many_errors', loc: ['body'], ctx: { listed: 1000, not_listed: 500 } })
  })

  test('a list merged into another adds its count', () => {
    const inner = new IssueList()
    for (let i = 0; i < 1200; i++) inner.add(issue(i))
    const outer = new IssueList()
    outer.add(issue(-1))
    for (const found of inner.list(['body'])) outer.add(found)
    expect(outer.size).toBe(1201)
    expect(outer.list(['body']).at(-1)).toMatchObject({ ctx: { listed: 1000, not_listed: 201 } })
  })

  test('a list of up to 1000 issues is answered as it is', () => {
    const list = new IssueList()
    list.add(issue(0))
    expect(list.list(['body'])).toEqual([issue(0)])
  })
})

describe('RequestValidationError', () => {
  test('holds at most 1000 issues, then one counting the rest, whoever built the list', () => {
    const error = new RequestValidationError(Array.from({ length: 2500 }, (_, i) => issue(i)))
    expect(error.issues).toHaveLength(MAX_ISSUES + 1)
    expect(error.issues.at(-1)).toMatchObject({ type: 'too_many_errors', loc: ['body'], ctx: { listed: 1000, not_listed: 1500 } })
    // a list already bounded is kept as it is
    expect(new RequestValidationError(error.issues).issues).toEqual(error.issues)
  })
})
