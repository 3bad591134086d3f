/**
 * `text` at most `limit` UTF-16 units, `ending` (an ellipsis unless told) standing for the rest. Never half of a
 * character outside the Basic Multilingual Plane: a cut between the two halves of an emoji would leave a lone
 * surrogate, which JSON carries as U+FFFD or refuses.
 */
export function cutText (text: string, limit: number, ending = '…'): string {
  if (text.length <= limit) return text
  // a limit shorter than the ending cuts the ending too: the promise is the limit
  const tail = ending.slice(0, Math.max(0, limit))
  let end = Math.max(0, limit - tail.length)
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}${tail}`
}
