import { describe, expect, it } from 'vitest'
import { parseSignedList } from '../../../src/domain/providers/signed-list.js'

describe('parseSignedList', () => {
  it('collects timestamps and signatures by exact key, counting the rest', () => {
    expect(parseSignedList('t=1,v1=aa,v1=bb,v0=cc', { separator: ',', timestampKey: 't', signatureKey: 'v1' }))
      .toEqual({ timestamps: ['1'], signatures: ['aa', 'bb'], other: 1 })
    expect(parseSignedList('ts=1;h1=aa; h1=bb;;x', { separator: ';', timestampKey: 'ts', signatureKey: 'h1' }))
      .toEqual({ timestamps: ['1'], signatures: ['aa'], other: 2 })
  })

  it('keeps what follows the first "=" whole', () => {
    expect(parseSignedList('t=1,v1=a=b', { separator: ',', timestampKey: 't', signatureKey: 'v1' }).signatures).toEqual(['a=b'])
  })
})
