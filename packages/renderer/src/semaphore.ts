/** At most `size` holders at once; waiters are served in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor (private readonly size: number) {}

  get inUse (): number {
    return this.active
  }

  /** Resolves with a release function, or rejects when `signal` aborts first. */
  async acquire (signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted()
    if (this.active < this.size) return this.grant()
    return await new Promise((resolve, reject) => {
      const wake = (): void => {
        signal.removeEventListener('abort', abort)
        resolve(this.grant())
      }
      const abort = (): void => {
        this.waiting.splice(this.waiting.indexOf(wake), 1)
        reject(signal.reason)
      }
      this.waiting.push(wake)
      signal.addEventListener('abort', abort, { once: true })
    })
  }

  private grant (): () => void {
    this.active++
    let released = false
    return () => {
      if (released) return
      released = true
      this.active--
      this.waiting.shift()?.()
    }
  }
}
