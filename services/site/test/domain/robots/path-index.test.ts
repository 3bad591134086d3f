import { describe, expect, it } from 'vitest'
import { indexOfLinear, PathIndex } from '../../../src/domain/robots/path-index.js'

describe('PathIndex.indexOf finds what String.prototype.indexOf finds', () => {
  const paths = ['/', '/abcabcabd', '/aaaaaaaaab', `/${'ab'.repeat(50)}c`, '/x/index.html?q=1&r=%2A', '/mississippi']
  it.each(paths)('for every substring of %j and a few absent pieces, from every place', (path) => {
    const index = new PathIndex(path)
    const pieces = new Set(['zz', 'ab'.repeat(30) + 'd', 'aaaaaaaaaaaaaaaaaaaac'])
    for (let i = 0; i < path.length; i++) for (let j = i + 1; j <= Math.min(path.length, i + 12); j++) pieces.add(path.slice(i, j))
    const wrong: string[] = []
    for (const piece of pieces) {
      for (let from = 0; from <= path.length; from++) {
        if (index.indexOf(piece, from) !== path.indexOf(piece, from)) wrong.push(`${piece}@${from}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('indexOfLinear', () => {
  it('agrees with indexOf on long needles that almost occur', () => {
    const hay = 'a'.repeat(3000) + 'b' + 'a'.repeat(10)
    for (const needle of ['a'.repeat(20) + 'b', 'a'.repeat(20) + 'c', 'b' + 'a'.repeat(10), 'b' + 'a'.repeat(11), 'a'.repeat(9)]) {
      for (const from of [0, 2990, 3001]) expect([needle.length, from, indexOfLinear(hay, needle, from)]).toEqual([needle.length, from, hay.indexOf(needle, from)])
    }
  })
})
