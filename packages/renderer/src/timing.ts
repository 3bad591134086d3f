/** The promise's value, or null when it rejects or `ms` pass first (the promise is left to settle on its own). */
export async function within<T> (promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), Math.max(0, ms)) })
  try {
    return await Promise.race([promise.catch(() => null), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export async function sleep (ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
}
