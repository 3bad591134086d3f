import { describe, expect, it } from 'vitest'
import { curlExamples, shellCommands } from '../src/readme-examples.js'

describe('shellCommands', () => {
  it('joins quoted parts into one word, as a shell does', () => {
    expect(shellCommands('echo \'It\'"\'"\'s\' "a \\"b\\" $X" plain\\\n  next # comment')).toEqual([['echo', "It's", 'a "b" $X', 'plain', 'next']])
  })

  it('keeps newlines inside quotes and splits commands on the others', () => {
    expect(shellCommands("a '{\n  1\n}'\nb c")).toEqual([['a', '{\n  1\n}'], ['b', 'c']])
  })

  it('refuses an unterminated quote', () => {
    expect(() => shellCommands("a 'b")).toThrow(/unterminated/)
  })
})

describe('curlExamples', () => {
  const markdown = [
    'Text with `curl localhost:3001/not-code`.',
    '```sh',
    "curl -s localhost:3001/v1/a -H 'X-API-Key: dev-key' -H 'content-type: application/json' -d '{",
    '  "n": 1',
    "}'",
    "curl -s 'localhost:3001/v1/b?x=1&y=2' -H \"x-admin-key: $KEY\"   # a comment",
    'curl -s localhost:3002/v1/other',
    '```'
  ].join('\n')

  it('reads each curl call to the port from sh blocks only', () => {
    expect(curlExamples(markdown, 3001)).toEqual([
      { method: 'POST', url: '/v1/a', headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' }, payload: '{\n  "n": 1\n}' },
      { method: 'GET', url: '/v1/b?x=1&y=2', headers: { 'x-admin-key': '$KEY' }, payload: undefined }
    ])
    expect(curlExamples(markdown, 3002).map((example) => example.url)).toEqual(['/v1/other'])
  })
})
