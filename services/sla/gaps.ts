import { calendarInfos, findCalendar, holidaysListedIn } from './src/domain/calendars.js'
import { worldHolidays } from './src/domain/world-holidays.js'
function names (id: string, year: number): Set<string> {
  const c = findCalendar(id)!
  const l = c.world === null ? holidaysListedIn(c, ['public'], year) : worldHolidays(c.world, ['public'], year)
  return new Set(l.filter((h) => !h.substitute).map((h) => h.name))
}
const groups = new Map<string, { ids: Set<string>, years: Set<number> }>()
for (const c of calendarInfos()) {
  const b = [names(c.id, 2025), names(c.id, 2026)]
  const usual = Math.min(b[0].size, b[1].size)
  for (let y = 2026; y <= 2036; y++) {
    const n = names(c.id, y)
    if (n.size >= usual) continue
    const missing = [...b[1]].filter((x) => !n.has(x)).join(', ')
    const key = `${c.id.split('-')[0]}|${missing}`
    const g = groups.get(key) ?? { ids: new Set(), years: new Set() }
    g.ids.add(c.id); g.years.add(y); groups.set(key, g)
  }
}
for (const [k, g] of groups) console.log(k, '::', [...g.ids].join(' '), '::', [...g.years].join(' '))
