// OpenAPI examples of the calendars and holidays lists (test/routes/calendars.route.test.ts holds each to the answer
// the route gives for it).
import { LAST_MEASURED_YEAR } from '../domain/calendar-gaps.js'
import { citationsOf, OVERLAYS, type Overlay } from '../domain/holiday-overlays.js'
import { DATE_HOLIDAYS_VERSION } from '../domain/world-holidays.js'
import { FIRST_YEAR, LAST_YEAR } from './calendars.schemas.js'

/** The default hours of every calendar, used when a request has no `schedule`. */
export const WORKING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']
export const WORKING_HOURS = { opens: '09:00', closes: '17:00' }

const defaults = { working_days: WORKING_DAYS, working_hours: WORKING_HOURS, first_year: FIRST_YEAR, last_year: LAST_YEAR }

const CA_FED = {
  id: 'CA-FED',
  name: 'Canada, federally regulated workplaces (Canada Labour Code)',
  description: 'Canada, federally regulated workplaces (Canada Labour Code): the general holidays of the federal law, ' +
    'with days in lieu, for employers it covers (banks, airlines, telecoms, interprovincial transport); provincially ' +
    "regulated employers follow their province's calendar (CA-ON, ...). All its holidays are public.",
  country: 'CA',
  subdivision: 'FED',
  coverage: 'federal-sector',
  default_types: ['public'],
  source: 'Canada Labour Code, R.S.C. 1985, c. L-2, ss. 166 and 193(2)',
  overlays: citationsOf(OVERLAYS.find((overlay) => overlay.id === 'CA-FED') as Overlay),
  ...defaults,
  complete_through: LAST_MEASURED_YEAR,
  gaps: []
}

/** A calendar past its data: Singapore's Deepavali is listed by date up to 2030, the Islamic holidays up to 2076. */
const SG = {
  id: 'SG',
  name: 'Singapore',
  description: 'Holidays the whole of Singapore keeps, from the date-holidays package. `holiday_types` picks which types count ' +
    '(public only by default).',
  country: 'SG',
  subdivision: null,
  coverage: 'national',
  default_types: ['public'],
  source: `date-holidays ${DATE_HOLIDAYS_VERSION}`,
  overlays: citationsOf(OVERLAYS.find((overlay) => overlay.id === 'SG') as Overlay),
  ...defaults,
  complete_through: 2030,
  gaps: [
    { first_year: 2031, last_year: LAST_MEASURED_YEAR, missing: ['Deepavali'], reason: 'the data lists it by date up to 2030' },
    {
      first_year: 2077,
      last_year: LAST_MEASURED_YEAR,
      missing: ['Hari Raya Haji', 'Hari Raya Puasa'],
      reason: 'the data has dates of the Islamic calendar up to 2076'
    }
  ]
}

export const calendarsResponseExamples = {
  'Canada, federal sector': { value: { calendars: [CA_FED] } },
  'Singapore, complete through 2030': { value: { calendars: [SG] } }
}

export const holidaysResponseExamples = {
  'GB-ENG 2026, from the end': {
    value: {
      calendar: 'GB-ENG',
      year: 2026,
      types: ['public'],
      holidays: [
        {
          name: 'Boxing Day (substitute day)',
          local_name: 'Boxing Day (substitute day)',
          date: '2026-12-28',
          observed_date: '2026-12-28',
          type: 'public',
          substitute: true,
          closed_from: '2026-12-28T00:00:00',
          closed_until: '2026-12-29T00:00:00'
        }
      ]
    }
  },
  'SG 2031, past its data, from the end': {
    value: {
      calendar: 'SG',
      year: 2031,
      types: ['public'],
      holidays: [
        {
          name: 'Christmas Day',
          local_name: 'Christmas Day',
          date: '2031-12-25',
          observed_date: '2031-12-25',
          type: 'public',
          substitute: false,
          closed_from: '2031-12-25T00:00:00',
          closed_until: '2031-12-26T00:00:00'
        }
      ],
      warnings: [{ code: 'calendar_incomplete', calendar: 'SG', year: 2031, missing: ['Deepavali'] }]
    }
  }
}
