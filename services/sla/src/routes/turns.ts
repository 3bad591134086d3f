// A batch runs its items one after another on the event loop. Most take microseconds, but one over a lunisolar
// calendar never asked for before computes every year of its span first (HK from 1971 to 2100: about 6 s; a batch of
// three such items, each with other holiday_types, held the loop 46 s, past the liveness probe's 30 s): while the loop
// is held, no other request, health check or metric scrape is answered.

/** How long a loop may hold the event loop before it lets other work in. */
export const MAX_HOLD_MS = 20

/**
 * One turn of the event loop, I/O included. A request's handler runs after the loop's poll phase has read its socket:
 * one setImmediate would resume it in the check phase of that same pass, before the poll phase reads another socket
 * (a batch's first two slow items held the loop together); the second is queued from the check phase, so it runs
 * after the next poll.
 */
const turn = async (): Promise<void> => { await new Promise((resolve) => setImmediate(() => setImmediate(resolve))) }

/**
 * `each` of every item, in order, as `Array.prototype.map` gives them, but between two items that together held the
 * event loop longer than MAX_HOLD_MS, one turn of the loop for the rest of the process (I/O, timers, other requests).
 * The clock is read once per item: a turn for every item would cost more than most items.
 */
export async function mapInTurns<T, R> (items: readonly T[], each: (item: T, index: number) => R): Promise<R[]> {
  const results: R[] = []
  let since = performance.now()
  for (const [index, item] of items.entries()) {
    if (performance.now() - since > MAX_HOLD_MS) {
      await turn()
      since = performance.now()
    }
    results.push(each(item, index))
  }
  return results
}
