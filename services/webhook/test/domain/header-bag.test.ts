import { describe, expect, it } from 'vitest'
import { HeaderBag } from '../../src/domain/header-bag.js'

describe('HeaderBag', () => {
  it('looks names up case-insensitively and trims only spaces and tabs around values', () => {
    const bag = new HeaderBag({ 'X-Hub-Signature-256': ' \tsha256=ab\t ', 'Stripe-Signature': 'v\n' })
    expect(bag.get('x-hub-signature-256')).toBe('sha256=ab')
    expect(bag.lookup('X-HUB-SIGNATURE-256')).toEqual({ state: 'present', value: 'sha256=ab', sentAs: 'X-Hub-Signature-256' })
    expect(bag.get('stripe-signature')).toBe('v\n')
    expect(bag.lookup('x-missing')).toEqual({ state: 'missing' })
    expect(bag.has('STRIPE-signature')).toBe(true)
  })

  it('treats one name given twice with different values as a conflict, and identical values as one', () => {
    const bag = new HeaderBag({ 'X-Sig': 'a', 'x-sig': 'b', 'X-Same': 'c', 'x-same': 'c' })
    expect(bag.lookup('x-sig')).toEqual({ state: 'conflict', count: 2 })
    expect(bag.get('x-sig')).toBeUndefined()
    expect(bag.get('x-same')).toBe('c')
  })
})
