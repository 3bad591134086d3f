import { stat } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MAX_HOLD_MS, mapInTurns } from '../../src/routes/turns.js'

/** Holds the event loop for `ms` milliseconds, as a calculation over a calendar never asked for before does. */
function hold (ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) { /* busy: the point is to hold the loop */ }
}

describe('mapInTurns', () => {
  it('maps every item in order, with its index', async () => {
    expect(await mapInTurns(['a', 'b', 'c'], (item, index) => `${item}${index}`)).toEqual(['a0', 'b1', 'c2'])
    expect(await mapInTurns([], () => 1)).toEqual([])
  })

  it('lets the rest of the process in between items that held the loop too long', async () => {
    const events: string[] = []
    setImmediate(() => events.push('other work'))
    await mapInTurns([0, 1, 2], (index) => {
      events.push(`item ${index}`)
      hold(MAX_HOLD_MS + 10)
    })
    expect(events).toEqual(['item 0', 'other work', 'item 1', 'item 2'])
  })

  it('lets I/O in too, from a handler that runs where a request\'s does: after the poll phase read its socket', async () => {
    const events: string[] = []
    await new Promise<void>((resolve, reject) => {
      // this callback runs in the poll phase, as a request's handler does; the second stat is answered while item 0 holds the loop
      stat(import.meta.filename, () => {
        stat(import.meta.filename, () => events.push('I/O'))
        mapInTurns([0, 1, 2], (index) => {
          events.push(`item ${index}`)
          hold(MAX_HOLD_MS + 80)
        }).then(() => { resolve() }, reject)
      })
    })
    expect(events).toEqual(['item 0', 'I/O', 'item 1', 'item 2'])
  })
})
