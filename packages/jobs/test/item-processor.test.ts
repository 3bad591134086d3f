import { createHttpError } from '@utility-apis/fastapi-errors'
import { describe, expect, it } from 'vitest'
import { itemProcessor } from '../src/item-processor.js'

const NotAllowed = createHttpError('target_not_allowed', 400, 'Target address is not allowed')
const signal = new AbortController().signal

describe('itemProcessor', () => {
  const processor = itemProcessor({
    hostOf: (input) => { if (input === 'bad') throw new Error('no host'); return input.toUpperCase() },
    run: async (input) => {
      if (input === 'refused') throw new NotAllowed()
      if (input === 'bug') throw new Error('secret internal detail')
      return { echoed: input }
    }
  })

  it('answers the single call\'s value', async () => {
    expect(await processor.run('ok', signal)).toEqual({ ok: true, value: { echoed: 'ok' } })
  })

  it('turns a coded HttpError into the item error the single call would answer, code included', async () => {
    expect(await processor.run('refused', signal))
      .toEqual({ ok: false, error: { status: 400, detail: 'Target address is not allowed', code: 'target_not_allowed' } })
  })

  it('leaves any other failure to the worker, which answers a 500 without its message', async () => {
    await expect(processor.run('bug', signal)).rejects.toThrow('secret internal detail')
  })

  it('names no host for an input whose host cannot be read', () => {
    expect([processor.hostOf('a.example'), processor.hostOf('bad')]).toEqual(['A.EXAMPLE', null])
  })
})
