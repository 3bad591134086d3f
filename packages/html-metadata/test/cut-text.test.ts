import { describe, expect, it } from 'vitest'
import { cutText } from '../src/index.js'

const isLoneSurrogate = (text: string): boolean => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)

describe('cutText', () => {
  it('keeps a text within the limit as it is', () => {
    expect(cutText('Acme Tools', 10)).toBe('Acme Tools')
  })

  it('cuts a longer one to the limit, the ellipsis counted in it', () => {
    const cut = cutText('Acme Tools Limited', 10)
    expect(cut).toBe('Acme Tool…')
    expect(cut).toHaveLength(10)
  })

  it('takes another ending, or none', () => {
    expect(cutText('Acme Tools Limited', 10, '')).toBe('Acme Tools')
    expect(cutText('Acme Tools Limited', 10, '...')).toBe('Acme To...')
  })

  it('keeps to a limit shorter than the ending, or of nothing', () => {
    expect(cutText('abc', 0)).toBe('')
    expect(cutText('abcdef', 2, '...')).toBe('..')
    expect(cutText('abcdef', 3, '...')).toBe('...')
    expect(cutText('abcdef', -1)).toBe('')
  })

  it('never leaves half of an emoji at the cut, whatever the offset', () => {
    const text = `${'a'.repeat(7)}${'😀'.repeat(10)}`
    for (let limit = 0; limit < text.length; limit++) {
      for (const ending of ['…', '']) {
        const cut = cutText(text, limit, ending)
        expect(cut.length, `${limit} ${JSON.stringify(ending)}`).toBeLessThanOrEqual(limit)
        expect(isLoneSurrogate(cut), `${limit} ${JSON.stringify(ending)}`).toBe(false)
      }
    }
  })
})
