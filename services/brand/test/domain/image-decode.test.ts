import { describe, expect, it } from 'vitest'
import { DecodeLateError, decodeImage, inDecodeQueue, MAX_CONCURRENT_DECODES } from '../../src/domain/image-decode.js'
import { png } from '../helpers/images.js'

// The process's one decoding queue: a caller whose time is spent stops waiting for a slot held by someone else's file.

/** Holds every decode slot until `release` is called, as slow files do. */
async function holdEverySlot (): Promise<{ release: () => Promise<void> }> {
  let free!: () => void
  const held = new Promise<void>((resolve) => { free = resolve })
  let running = 0
  let allRunning!: () => void
  const started = new Promise<void>((resolve) => { allRunning = resolve })
  const holders = Array.from({ length: MAX_CONCURRENT_DECODES }, async () => await inDecodeQueue(async () => {
    if (++running === MAX_CONCURRENT_DECODES) allRunning()
    await held
  }))
  await started
  return { release: async () => { free(); await Promise.all(holders) } }
}

/** Whether `promise` has settled by the time everything already queued has run. */
async function settledYet (promise: Promise<unknown>): Promise<boolean> {
  let settled = false
  promise.then(() => { settled = true }, () => { settled = true })
  await new Promise((resolve) => setImmediate(resolve))
  return settled
}

describe('inDecodeQueue', () => {
  it('gives up waiting when the caller aborts, before a slot is free, and never runs its work', async () => {
    const slots = await holdEverySlot()
    const caller = new AbortController()
    let ran = false
    const turn = inDecodeQueue(async () => { ran = true }, caller.signal)
    turn.catch(() => {})
    caller.abort()
    const gaveUpWhileHeld = await settledYet(turn)
    await slots.release()
    expect(gaveUpWhileHeld).toBe(true)
    await expect(turn).rejects.toBeInstanceOf(DecodeLateError)
    expect(ran).toBe(false)
    // the turn it left is passed on: the queue serves the next caller
    expect(await inDecodeQueue(async () => 'next')).toBe('next')
  })

  it('lets a caller stop waiting for work already running, which finishes in its slot', async () => {
    let finish!: () => void
    const caller = new AbortController()
    let finished = false
    const turn = inDecodeQueue(async () => { await new Promise<void>((resolve) => { finish = resolve }); finished = true }, caller.signal)
    turn.catch(() => {})
    await new Promise((resolve) => setImmediate(resolve))
    caller.abort()
    const gaveUp = await settledYet(turn)
    finish()
    expect(gaveUp).toBe(true)
    await expect(turn).rejects.toBeInstanceOf(DecodeLateError)
    expect(await inDecodeQueue(async () => finished)).toBe(true)
  })

  it('refuses at once a caller whose time is already spent', async () => {
    await expect(inDecodeQueue(async () => 'never', AbortSignal.abort())).rejects.toBeInstanceOf(DecodeLateError)
  })
})

describe('decodeImage', () => {
  it('answers null to a caller who stopped waiting for a slot, without decoding', async () => {
    const slots = await holdEverySlot()
    const caller = new AbortController()
    const decoded = decodeImage(png(8, 8), caller.signal)
    caller.abort()
    const gaveUpWhileHeld = await settledYet(decoded)
    await slots.release()
    expect(gaveUpWhileHeld).toBe(true)
    expect(await decoded).toBeNull()
    expect(await decodeImage(png(8, 8))).toMatchObject({ width: 8, height: 8 })
  })
})
