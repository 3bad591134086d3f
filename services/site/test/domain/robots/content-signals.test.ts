import { describe, expect, it } from 'vitest'
import { extractContentSignals } from '../../../src/domain/robots/content-signals.js'
import { parseRobotsTxt } from '../../../src/domain/robots/robots-parse.js'

describe('content signals', () => {
  it('reads each Content-Signal line with the group it belongs to', () => {
    const body = [
      'Content-Signal: search=yes', // outside any group
      'User-agent: *',
      'User-agent: FooBot',
      'Content-Signal: search=yes, ai-train=no, AI-Input=Yes',
      'Allow: /',
      'User-agent: BarBot',
      'content-signal: ai-train=maybe, search=no',
      'Disallow: /'
    ].join('\n')
    expect(extractContentSignals(parseRobotsTxt(body))).toEqual([
      { line: 1, user_agents: [], signals: { search: 'yes' }, invalid: [] },
      { line: 4, user_agents: ['*', 'FooBot'], signals: { search: 'yes', 'ai-train': 'no', 'ai-input': 'yes' }, invalid: [] },
      { line: 7, user_agents: ['BarBot'], signals: { search: 'no' }, invalid: ['ai-train=maybe'] }
    ])
  })

  it('finds none in a file without them', () => {
    expect(extractContentSignals(parseRobotsTxt('User-agent: *\nDisallow:\n'))).toEqual([])
  })
})
