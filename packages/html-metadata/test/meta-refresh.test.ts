import { describe, expect, it } from 'vitest'
import { parseMetaRefresh } from '../src/meta-refresh.js'

const base = new URL('https://a.test/dir/page')

describe('parseMetaRefresh', () => {
  it.each([
    ['0; url=https://b.test/', { delaySeconds: 0, url: 'https://b.test/' }],
    ['5;URL=next.html', { delaySeconds: 5, url: 'https://a.test/dir/next.html' }],
    ["3; url='/welcome/'", { delaySeconds: 3, url: 'https://a.test/welcome/' }],
    ['  10 , url = "/q?x=1"', { delaySeconds: 10, url: 'https://a.test/q?x=1' }],
    ['2.5; /later', { delaySeconds: 2, url: 'https://a.test/later' }],
    ['30', { delaySeconds: 30, url: 'https://a.test/dir/page?from=x' }],
    ['abc; url=/x', null],
    ['', null]
  ])('parses %j', (content, expected) => {
    expect(parseMetaRefresh(content, base, 'https://a.test/dir/page?from=x')).toEqual(expected)
  })
})
