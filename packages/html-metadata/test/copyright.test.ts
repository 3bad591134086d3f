import { describe, expect, it, vi } from 'vitest'
import { holderFrom } from '../src/copyright.js'
import { textContent } from '../src/dom.js'
import { extractMetadata } from '../src/index.js'

// textContent counted, as it is: how many times a copyright line's whole text is read
vi.mock('../src/dom.js', async (original) => {
  const dom = await original<typeof import('../src/dom.js')>()
  return { ...dom, textContent: vi.fn(dom.textContent) }
})

describe('holderFrom', () => {
  it.each([
    ['© 2024 Acme Widgets Inc. All rights reserved.', 'Acme Widgets Inc.'],
    ['Copyright © 2010–2026 by Northwind Traders', 'Northwind Traders'],
    ['(c) 2023 Globex | Privacy | Terms', 'Globex'],
    ['© Initech 2019-2024', 'Initech'],
    ['© 2025 Müller & Söhne GmbH. Alle Rechte vorbehalten.', 'Müller & Söhne GmbH'],
    ['Copyright 2024, Hooli Ltd.', 'Hooli Ltd.'],
    ['© 2024 Umbrella.', 'Umbrella'],
    ['© 2024', null],
    ['No mark here', null]
  ])('reads %s', (line, holder) => {
    expect(holderFrom(line)).toBe(holder)
  })
})

describe('copyrightHolder of a page', () => {
  it('prefers the footer and reads a line split over inline elements', () => {
    const html = '<p>Our copyright policy explains how to report abuse.</p>' +
      '<footer><div><small>© <span>2026</span> <a href="/">Stark Industries</a>. All rights reserved.</small></div></footer>'
    expect(extractMetadata(html, 'https://stark.test/').copyrightHolder).toBe('Stark Industries')
  })

  it('never reads script contents', () => {
    expect(extractMetadata('<script>/*! © 2020 Library Authors */</script>', 'https://a.test/').copyrightHolder).toBeNull()
  })
})

describe('holderFrom sentence ends', () => {
  it('cuts at a sentence end only before a capital letter', () => {
    expect(holderFrom('© 2024 Acme. Made with care in Leeds')).toBe('Acme')
    expect(holderFrom('© 2024 Acme Co. Ltd')).toBe('Acme Co. Ltd')
  })
})

describe('findCopyrightHolder on pages that mark many copyrights', () => {
  const reads = (html: string): number => {
    vi.mocked(textContent).mockClear()
    extractMetadata(html, 'https://a.test/')
    return vi.mocked(textContent).mock.calls.length
  }

  it('reads a block holding thousands of marks once, not once per mark', () => {
    expect(reads(`<div>${'©<br>'.repeat(5000)}</div>`)).toBeLessThanOrEqual(1)
  })

  it('reads at most 20 lines of a page marking thousands of blocks, and still finds a holder among the first', () => {
    // blocks no other reader of the page reads (a paragraph, a heading or a link would be read for itself too)
    expect(reads(`<div>© 2024 Acme Inc.</div>${'<div>©</div>'.repeat(5000)}`)).toBe(1)
    expect(extractMetadata(`<div>© 2024 Acme Inc.</div>${'<div>©</div>'.repeat(5000)}`, 'https://a.test/').copyrightHolder).toBe('Acme Inc.')
    expect(reads(`${'<div>©</div>'.repeat(5000)}<div>© 2024 Acme Inc.</div>`)).toBe(20)
  })
})
