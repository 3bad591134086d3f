// What the date-holidays data lacks, each entry with the law or official list it follows: a calendar of its own
// (CA-FED), rules of the data left out or added, and the in-lieu rule of a country. world-holidays.ts applies them;
// tests hold each against the official dates it cites.
import { MONDAY, SATURDAY, SUNDAY, dayNumber, nthWeekdayOfMonth, weekday } from '@utility-apis/civil-date'

export interface Citation {
  /** The law or official list, as its publisher names it. */
  title: string
  url: string
}

/** A holiday of a calendar the overlay defines itself, by year. */
interface OverlayRule {
  name: string
  /** The day number of the holiday in `year`, or null when it does not exist that year. */
  date: (year: number) => number | null
  /** Whether a weekend date gives a day off on the next working day (the rule of `inLieu`). */
  inLieu: boolean
  source: Citation
}

/** A rule of the data, in its grammar, with what it means. */
interface DataRule {
  rule: string
  name: string
  /** The names in the data's own languages, by ISO 639-1 code, so that the holidays list keeps its local name. */
  localNames?: Readonly<Record<string, string>>
  source: Citation
}

/** A rule of the data kept with another type: the law gives the day off to some people only. */
interface RetypedRule {
  rule: string
  name: string
  type: 'observance'
  source: Citation
}

export interface InLieuRule {
  /** The weekdays (ISO, Monday 1) on which a holiday gives a day off in lieu. */
  from: readonly number[]
  /** Whether the day in lieu must be a Monday-to-Friday day (else any day that is not a holiday). */
  weekdaysOnly: boolean
  source: Citation
}

export interface Overlay {
  /** The calendar id as documented. */
  id: string
  /** For a calendar the overlay defines: its name and country; else null (the overlay changes a data calendar). */
  defines: { name: string, country: string, subdivision: string, coverage: 'federal-sector', source: string } | null
  /** The holidays of a calendar the overlay defines. */
  rules: readonly OverlayRule[]
  /** Rules of the data left out: they contradict the law the calendar stands for. */
  remove: readonly DataRule[]
  /** Rules of the data whose type the law contradicts, with the type it gives. */
  retype: readonly RetypedRule[]
  /** Rules added to the data. */
  add: readonly DataRule[]
  /** Days in lieu of holidays on a rest day, replacing those the data gives (which miss some holidays). */
  inLieu: InLieuRule | null
}

/** Every law or list an overlay follows, once each. */
export function citationsOf (overlay: Overlay): Citation[] {
  const all = [...overlay.rules, ...overlay.remove, ...overlay.retype, ...overlay.add, ...(overlay.inLieu === null ? [] : [overlay.inLieu])]
  return [...new Map(all.map(({ source }) => [source.url, source])).values()]
}

/** Gregorian Easter Sunday (the anonymous algorithm in Meeus, Astronomical Algorithms, ch. 8). */
export function easterSunday (year: number): number {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  return dayNumber(year, month, ((h + l - 7 * m + 114) % 31) + 1)
}

const fixed = (month: number, day: number, since = 0) => (year: number) => year >= since ? dayNumber(year, month, day) : null

/** The Monday before May 25 (May 18 to 24). */
const mondayBeforeMay25 = (year: number): number => {
  const may24 = dayNumber(year, 5, 24)
  return may24 - ((weekday(may24) - MONDAY + 7) % 7)
}

const CLC_166: Citation = {
  title: 'Canada Labour Code, R.S.C. 1985, c. L-2, s. 166 ("general holiday")',
  url: 'https://laws-lois.justice.gc.ca/eng/acts/L-2/section-166.html'
}
const CLC_193: Citation = {
  title: 'Canada Labour Code, s. 193(2): a holiday on a non-working Saturday or Sunday',
  url: 'https://laws-lois.justice.gc.ca/eng/acts/L-2/section-193.html'
}
const LABOUR_PROGRAM: Citation = {
  title: 'Employment and Social Development Canada, General holidays (federally regulated workplaces)',
  url: 'https://www.canada.ca/en/employment-social-development/programs/employment-standards/federal-standards/holidays.html'
}
const NDTR_ACT: Citation = {
  title: 'S.C. 2021, c. 11 (Bill C-5): the National Day for Truth and Reconciliation, Sept 30, a general holiday from 2021',
  url: 'https://www.parl.ca/DocumentViewer/en/43-2/bill/C-5/royal-assent'
}
const SG_HOLIDAYS_ACT: Citation = {
  title: 'Holidays Act 1998 (Singapore), s. 4(2): a Schedule holiday on a Sunday makes the next day not itself a public holiday one',
  url: 'https://sso.agc.gov.sg/Act/HA1998'
}
const MOM: Citation = {
  title: 'Ministry of Manpower, Public holidays for 2026 (and earlier years)',
  url: 'https://www.mom.gov.sg/employment-practices/public-holidays'
}
const ONTARIO_ESA: Citation = {
  title: 'Employment Standards Act, 2000 (Ontario), s. 1(1) "public holiday": nine days, Easter Monday not among them',
  url: 'https://www.ontario.ca/laws/statute/00e41'
}

const KR_HOLIDAYS: Citation = {
  title: 'Regulations on Holidays of Government Offices (관공서의 공휴일에 관한 규정), art. 2(4): 설날 전날, 설날, 설날 다음 날 ' +
    '(the last day of the 12th lunar month, the 1st and 2nd of the 1st); paid days off of every employer by the Labor Standards Act, art. 55(2)',
  url: 'https://www.law.go.kr/%EB%B2%95%EB%A0%B9/%EA%B4%80%EA%B3%B5%EC%84%9C%EC%9D%98%EA%B3%B5%ED%9C%B4%EC%9D%BC%EC%97%90%EA%B4%80%ED%95%9C%EA%B7%9C%EC%A0%95'
}
const CN_HOLIDAYS: Citation = {
  title: 'State Council, 全国年节及纪念日放假办法 as amended on 2024-11-10 (Decree 795, from 2025-01-01): art. 2 days off ' +
    'for all citizens, art. 3 holidays of part of the citizens',
  url: 'https://www.gov.cn/zhengce/content/202411/content_6986380.htm'
}
const BC_ESA: Citation = {
  title: 'Employment Standards Act, R.S.B.C. 1996, c. 113, s. 1 "statutory holiday", as amended by the National Day for ' +
    'Truth and Reconciliation Act (B.C. Bill 2, royal assent 2023-03-09): September 30, from 2023',
  url: 'https://www.bclaws.gov.bc.ca/civix/document/id/complete/statreg/96113_01'
}
const BR_LEI_14759: Citation = {
  title: 'Lei nº 14.759, de 21 de dezembro de 2023: declara feriado nacional o Dia Nacional de Zumbi e da Consciência Negra (20 de novembro)',
  url: 'https://www.planalto.gov.br/ccivil_03/_ato2023-2026/2023/lei/l14759.htm'
}

/**
 * The national 20 November (Lei 14.759/2023, from 2024), for the subdivisions whose own 11-20 rule of the data ended on
 * 2023-12-21: it has the national rule's key, so it replaces that rule and leaves them without the day from 2024. The
 * others keep theirs or the national one (BR-AL its Morte de Zumbi dos Palmares, BR-SP-SP its municipal day): adding
 * it there would list the day twice, under two names.
 */
const BR_CONSCIENCIA_NEGRA: DataRule = {
  rule: '11-20 since 2024',
  name: 'Black Awareness Day',
  localNames: { pt: 'Dia da Consciência Negra' },
  source: BR_LEI_14759
}
const BR_WITHOUT_NOV_20 = ['BR-AM', 'BR-MT', 'BR-RJ', 'BR-RJ-RJ', 'BR-SP']

export const OVERLAYS: readonly Overlay[] = [
  {
    id: 'CA-FED',
    defines: {
      name: 'Canada, federally regulated workplaces (Canada Labour Code)',
      country: 'CA',
      subdivision: 'FED',
      coverage: 'federal-sector',
      source: 'Canada Labour Code, R.S.C. 1985, c. L-2, ss. 166 and 193(2)'
    },
    rules: [
      { name: "New Year's Day", date: fixed(1, 1), inLieu: true, source: CLC_166 },
      { name: 'Good Friday', date: (year) => easterSunday(year) - 2, inLieu: false, source: CLC_166 },
      { name: 'Victoria Day', date: mondayBeforeMay25, inLieu: false, source: LABOUR_PROGRAM },
      { name: 'Canada Day', date: fixed(7, 1), inLieu: true, source: CLC_166 },
      { name: 'Labour Day', date: (year) => nthWeekdayOfMonth(year, 9, MONDAY, 1), inLieu: false, source: LABOUR_PROGRAM },
      { name: 'National Day for Truth and Reconciliation', date: fixed(9, 30, 2021), inLieu: true, source: NDTR_ACT },
      { name: 'Thanksgiving Day', date: (year) => nthWeekdayOfMonth(year, 10, MONDAY, 2), inLieu: false, source: LABOUR_PROGRAM },
      { name: 'Remembrance Day', date: fixed(11, 11), inLieu: true, source: CLC_166 },
      { name: 'Christmas Day', date: fixed(12, 25), inLieu: true, source: CLC_166 },
      { name: 'Boxing Day', date: fixed(12, 26), inLieu: true, source: CLC_166 }
    ],
    remove: [],
    retype: [],
    add: [],
    // s. 193(2) lets the employer give the working day before or after; this calendar takes the one after
    inLieu: { from: [SATURDAY, SUNDAY], weekdaysOnly: true, source: CLC_193 }
  },
  {
    id: 'SG',
    defines: null,
    rules: [],
    remove: [],
    retype: [],
    add: [{
      // The 15th day of the 4th month of the Chinese calendar gives every date MOM published from 2013 to 2026; the
      // data lists Vesak Day only up to 2026
      rule: 'chinese 04-0-15 since 2027',
      name: 'Vesak Day',
      source: MOM
    }],
    inLieu: { from: [SUNDAY], weekdaysOnly: false, source: SG_HOLIDAYS_ACT }
  },
  {
    id: 'CA-ON',
    defines: null,
    rules: [],
    remove: [{ rule: 'easter 1', name: 'Easter Monday', source: ONTARIO_ESA }],
    retype: [],
    add: [],
    inLieu: null
  },
  {
    id: 'KR',
    defines: null,
    rules: [],
    // The data's span starts at 설날 itself (its own KR.yaml says so, date-holidays issue 640): one day late. The last
    // day of the 12th lunar month is the day before the 1st of the 1st; the data's hand-written days in lieu of
    // Seollal (2014-2050) are anchored at the eve already
    remove: [{ rule: 'korean 01-0-01 P3D', name: 'Korean New Year', source: KR_HOLIDAYS }],
    retype: [],
    add: [{ rule: 'korean 01-0-00 P3D', name: 'Korean New Year', localNames: { ko: '설날' }, source: KR_HOLIDAYS }],
    inLieu: null
  },
  {
    id: 'CN',
    defines: null,
    rules: [],
    // The data keeps the 2007 text's Spring Festival (the eve, the 1st and the 2nd): the 2013 text (from 2014) gave the
    // 1st to the 3rd, and the 2024 one (from 2025) the eve to the 3rd. The eve is added back for the years it is a day off
    remove: [{ rule: 'chinese 01-0-00', name: 'Spring Festival', source: CN_HOLIDAYS }],
    // Art. 3: holidays of part of the citizens (部分公民放假的节日), not days off of a workplace
    retype: [
      { rule: '03-08 12:00', name: "International Women's Day", type: 'observance', source: CN_HOLIDAYS },
      { rule: '05-04 12:00', name: 'Youth Day', type: 'observance', source: CN_HOLIDAYS },
      { rule: '06-01', name: "Children's Day", type: 'observance', source: CN_HOLIDAYS },
      { rule: '08-01 12:00', name: 'Army Day', type: 'observance', source: CN_HOLIDAYS }
    ],
    // Art. 2: the Spring Festival's 3rd day (正月初三) from 2014, its eve (除夕) before 2014 and again from 2025, and
    // Labour Day's 2nd (5月2日) from 2025; the data has the 2007 text's eve, 1st and 2nd, and one day of Labour Day
    add: [
      { rule: 'chinese 01-0-00 prior to 2014', name: 'Spring Festival', localNames: { zh: '春节' }, source: CN_HOLIDAYS },
      { rule: 'chinese 01-0-00 since 2025', name: 'Spring Festival', localNames: { zh: '春节' }, source: CN_HOLIDAYS },
      { rule: 'chinese 01-0-03 since 2014', name: 'Spring Festival', localNames: { zh: '春节' }, source: CN_HOLIDAYS },
      { rule: '05-02 since 2025', name: 'Labour Day', localNames: { zh: '劳动节' }, source: CN_HOLIDAYS }
    ],
    inLieu: null
  },
  {
    id: 'CA-BC',
    defines: null,
    rules: [],
    remove: [],
    retype: [],
    // The data's 09-30 since 2021 is an observance (as for 2021 and 2022 in BC, still right): a retype would make 2021
    // and 2022 statutory too. The public rule from 2023 has the same English name, so date-holidays lists the day once,
    // as public, when both types are asked for
    add: [{
      rule: '09-30 since 2023',
      name: 'National Day for Truth and Reconciliation',
      localNames: { fr: 'Journée nationale de la vérité et de la réconciliation' },
      source: BC_ESA
    }],
    inLieu: null
  },
  ...BR_WITHOUT_NOV_20.map((id): Overlay => ({
    id, defines: null, rules: [], remove: [], retype: [], add: [BR_CONSCIENCIA_NEGRA], inLieu: null
  }))
]

const byId = new Map(OVERLAYS.map((overlay) => [overlay.id.toUpperCase(), overlay]))

export function overlayOf (id: string): Overlay | null {
  return byId.get(id.toUpperCase()) ?? null
}

export interface DatedHoliday {
  /** Day number of the holiday. */
  date: number
  name: string
  substitute: boolean
  /** False for a holiday that gives no day in lieu when it falls on a rest day. */
  inLieu?: boolean
}

/**
 * The days in lieu of the holidays that fall on a weekday of `rule.from`: each takes the first later day that is
 * not a holiday, nor a day already given in lieu (nor a weekend day when `weekdaysOnly`), in date order of the
 * holidays, so Christmas on a Saturday takes the Monday and Boxing Day on the Sunday the Tuesday.
 */
export function daysInLieu (holidays: readonly DatedHoliday[], rule: InLieuRule): DatedHoliday[] {
  const taken = new Set(holidays.map((holiday) => holiday.date))
  const given: DatedHoliday[] = []
  for (const holiday of [...holidays].sort((a, b) => a.date - b.date)) {
    if (holiday.substitute || holiday.inLieu === false || !rule.from.includes(weekday(holiday.date))) continue
    let day = holiday.date + 1
    while (taken.has(day) || (rule.weekdaysOnly && weekday(day) >= SATURDAY)) day++
    taken.add(day)
    given.push({ date: day, name: `${holiday.name} (substitute day)`, substitute: true })
  }
  return given
}

/** The holidays of a calendar an overlay defines whose date falls in `year`, with their days in lieu. */
export function overlayHolidays (overlay: Overlay, year: number): DatedHoliday[] {
  const around = [year - 1, year].flatMap((y) => overlay.rules.flatMap((rule) => {
    const date = rule.date(y)
    return date === null ? [] : [{ date, name: rule.name, substitute: false, inLieu: rule.inLieu }]
  }))
  const inLieu = overlay.inLieu === null ? [] : daysInLieu(around, overlay.inLieu)
  const first = dayNumber(year, 1, 1)
  const end = dayNumber(year + 1, 1, 1)
  return [...around.map(({ date, name, substitute }) => ({ date, name, substitute })), ...inLieu]
    .filter((holiday) => holiday.date >= first && holiday.date < end)
    .sort((a, b) => a.date - b.date)
}
