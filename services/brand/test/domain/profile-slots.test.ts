import { describe, expect, it } from 'vitest'
import { ProfileSlots, ProfileSlotsBusyError } from '../../src/domain/profile-slots.js'

/** Work that runs until released, noting when it started. */
function heldWork (started: string[], name: string) {
  let release = (): void => {}
  const done = new Promise<void>((resolve) => { release = resolve })
  return { release, work: async () => { started.push(name); await done; return name } }
}

const never = new AbortController().signal
const tick = async () => await new Promise((resolve) => setImmediate(resolve))

describe('ProfileSlots', () => {
  it('runs at most `max` at once, and the next waiting as soon as one ends', async () => {
    const slots = new ProfileSlots({ max: 2 })
    const started: string[] = []
    const works = ['a', 'b', 'c'].map((name) => heldWork(started, name))
    const runs = works.map(async ({ work }) => await slots.run('key-a', never, work))
    await tick()
    expect(started).toEqual(['a', 'b'])
    expect(slots.load).toEqual({ running: 2, waiting: 1 })
    works[0].release()
    await tick()
    expect(started).toEqual(['a', 'b', 'c'])
    works[1].release()
    works[2].release()
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c'])
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('takes waiting callers in turn: another key\'s one profile waits for one of the first key\'s, not all of them', async () => {
    const slots = new ProfileSlots({ max: 1 })
    const started: string[] = []
    const asked: Array<[string, string]> = [['key-a', 'a0'], ['key-a', 'a1'], ['key-a', 'a2'], ['key-a', 'a3'], ['key-b', 'b1'], ['key-c', 'c1'], ['key-a', 'a4']]
    const works = new Map(asked.map(([, name]) => [name, heldWork(started, name)]))
    const runs = asked.map(async ([key, name]) => await slots.run(key, never, (works.get(name) as ReturnType<typeof heldWork>).work))
    for (let i = 0; i < asked.length; i++) {
      await tick()
      works.get(started[started.length - 1])?.release()
    }
    await Promise.all(runs)
    expect(started).toEqual(['a0', 'a1', 'b1', 'c1', 'a2', 'a3', 'a4'])
  })

  it('gives up waiting when the caller\'s signal aborts, with a 503 that says why, and the turn passes to the next', async () => {
    const slots = new ProfileSlots({ max: 1 })
    const started: string[] = []
    const first = heldWork(started, 'first')
    const running = slots.run('key-a', never, first.work)
    const impatient = new AbortController()
    const waiting = slots.run('key-b', impatient.signal, heldWork(started, 'never').work)
    const patient = heldWork(started, 'patient')
    const next = slots.run('key-c', never, patient.work)
    impatient.abort()
    const refused = await waiting.catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ProfileSlotsBusyError)
    expect(refused).toMatchObject({ statusCode: 503, code: 'service_overloaded' })
    first.release()
    patient.release()
    expect(await Promise.all([running, next])).toEqual(['first', 'patient'])
    expect(started).toEqual(['first', 'patient'])
  })

  it('starts nothing beside what runs while memory is near the limit, and always one', async () => {
    let full = true
    const slots = new ProfileSlots({ max: 4, memoryFull: () => full })
    const started: string[] = []
    const works = ['a', 'b', 'c'].map((name) => heldWork(started, name))
    const runs = works.map(async ({ work }) => await slots.run('key-a', never, work))
    await tick()
    expect(started).toEqual(['a'])
    full = false
    works[0].release()
    await tick()
    expect(started).toEqual(['a', 'b', 'c'])
    works[1].release()
    works[2].release()
    await Promise.all(runs)
  })
})
