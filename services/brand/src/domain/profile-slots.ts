import { HttpError } from '@utility-apis/fastapi-errors'

// The profiles a process makes at once, whoever asks. A profile holds what it fetched until it is done (a homepage of
// up to 2 MiB and its parse, stylesheets, a contact page: 50 MB and more for a page at the caps), and each batch ran 8
// of them: one batch of pages at the caps took a process from 190 MB to 833 MB, four to 1.3 GB, and one key's batches
// made another key's single profile wait seconds behind them. So the process starts at most a fixed number at once,
// taken in turn by caller (round-robin: a caller's 50 waiting profiles pass one at a time, another's one goes next),
// and starts none beyond the first while its memory is near the container's limit.

/** The time a profile was given ran out before the process could start it. */
export class ProfileSlotsBusyError extends HttpError {
  constructor () {
    super(503, 'The service was too busy to start this profile within its time', { 'retry-after': '10' }, 'service_overloaded')
  }
}

export interface ProfileSlotsOptions {
  /** Profiles made at once in the process. */
  max: number
  /** Whether the process's memory is near its limit: then no profile starts while another runs. */
  memoryFull?: () => boolean
}

/** Callers waiting for a slot, each one's turns in arrival order; a caller's place is where its turn comes. */
type Waiting = Map<string, Array<() => void>>

export class ProfileSlots {
  readonly #options: ProfileSlotsOptions
  readonly #waiting: Waiting = new Map()
  #running = 0

  constructor (options: ProfileSlotsOptions) {
    this.#options = options
  }

  /**
   * Runs `work` in a slot, once `caller`'s turn comes (`queued`: it had to wait for it); throws ProfileSlotsBusyError
   * when `signal` aborts first.
   */
  async run<T> (caller: string, signal: AbortSignal, work: (queued: boolean) => Promise<T>): Promise<T> {
    const queued = await this.#take(caller, signal)
    try {
      return await work(queued)
    } finally {
      this.#running--
      this.#startNext()
    }
  }

  /** Profiles running now, and callers waiting (for metrics and tests). */
  get load (): { running: number, waiting: number } {
    let waiting = 0
    for (const turns of this.#waiting.values()) waiting += turns.length
    return { running: this.#running, waiting }
  }

  #free (): boolean {
    if (this.#running >= this.#options.max) return false
    // the first profile always starts: memory held by nothing of ours cannot be given back by waiting
    return this.#running === 0 || this.#options.memoryFull?.() !== true
  }

  /** Takes a slot, at once (false) or once the caller's turn comes (true). */
  async #take (caller: string, signal: AbortSignal): Promise<boolean> {
    if (this.#waiting.size === 0 && this.#free()) {
      this.#running++
      return false
    }
    if (signal.aborted) throw new ProfileSlotsBusyError()
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', giveUp)
        resolve()
      }
      const giveUp = () => {
        this.#leave(caller, turn)
        reject(new ProfileSlotsBusyError())
      }
      const turns = this.#waiting.get(caller)
      if (turns === undefined) this.#waiting.set(caller, [turn])
      else turns.push(turn)
      signal.addEventListener('abort', giveUp, { once: true })
    })
    return true
  }

  #leave (caller: string, turn: () => void): void {
    const turns = this.#waiting.get(caller)
    if (turns === undefined) return
    turns.splice(turns.indexOf(turn), 1)
    if (turns.length === 0) this.#waiting.delete(caller)
  }

  /** Gives free slots to the callers in turn: the first caller waiting, which then goes to the back of the line. */
  #startNext (): void {
    while (this.#waiting.size > 0 && this.#free()) {
      const [caller, turns] = this.#waiting.entries().next().value as [string, Array<() => void>]
      const turn = turns.shift() as () => void
      this.#waiting.delete(caller)
      if (turns.length > 0) this.#waiting.set(caller, turns)
      this.#running++
      turn()
    }
  }
}
