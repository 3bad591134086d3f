import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, test } from 'vitest'
import { accessLogger } from '../src/access-log.js'
import { loggerOptions } from '../src/logger.js'

function capturing (level: string) {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const logger = pino(loggerOptions('webhook', 'r-1', { level, stream }), stream)
  return { lines, logger }
}

describe('access lines', () => {
  test('are exactly the line pino itself would write for the same fields, keys in the same order', () => {
    const { lines, logger } = capturing('info')
    accessLogger(logger, { service: 'webhook', replica: 'r-1' })('/v1/webhooks/verify')('req-1f', 'POST', 422, 3)
    logger.info({ reqId: 'req-1f', method: 'POST', route: '/v1/webhooks/verify', status: 422, durationMs: 3 }, 'request')
    const [ours, theirs] = lines.map((line) => JSON.parse(line))
    expect(lines[0].endsWith('}\n')).toBe(true)
    expect(Object.keys(ours)).toEqual(Object.keys(theirs))
    expect({ ...ours, time: 0 }).toEqual({ ...theirs, time: 0 })
    expect(Math.abs(ours.time - theirs.time)).toBeLessThan(1000)
  })

  test('escape whatever they are given as JSON strings', () => {
    const { lines, logger } = capturing('info')
    accessLogger(logger, { service: 's"x', replica: 'r\n1' })('/a/"b"')('id"\\', 'GET', 200, 0)
    expect(JSON.parse(lines[0])).toMatchObject({ service: 's"x', replica: 'r\n1', route: '/a/"b"', reqId: 'id"\\' })
  })

  test('follow the logger level, also when it changes at run time', () => {
    const { lines, logger } = capturing('warn')
    const write = accessLogger(logger, { service: 's', replica: 'r' })('/x')
    write('req-1', 'GET', 200, 1)
    expect(lines).toEqual([])
    logger.level = 'debug'
    write('req-2', 'GET', 200, 1)
    expect(lines).toHaveLength(1)
  })
})
