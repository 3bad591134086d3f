import { describe, expect, it } from 'vitest'
import { holderFrom } from '../src/copyright.js'
import { extractMetadata } from '../src/index.js'

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
