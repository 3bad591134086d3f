// OpenAPI examples, at least one per operation and one per working-time field (test/routes/calculate.route.test.ts
// replays each request and expects the paired response, worked out by hand in each summary).

const splitShift = [['08:00', '12:00'], ['13:00', '17:00']]
const nights = [['00:00', '06:00'], ['22:00', '24:00']]

export const calculateRequestExamples = {
  sla_due_at: {
    summary: 'sla_due_at across a weekend and the spring DST change',
    value: { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00', minutes: 120 }
  },
  sla_due_at_observed_holiday: {
    summary: "sla_due_at over Fri 2027-12-31, New Year's Day 2028 observed",
    value: { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/Chicago', start_at: '2027-12-30T16:30:00', minutes: 90 }
  },
  business_minutes_between: {
    summary: 'business_minutes_between a Friday afternoon and a Monday morning',
    value: {
      operation: 'business_minutes_between',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-06T16:00:00',
      end_at: '2026-03-09T10:00:00'
    }
  },
  is_business_time: {
    summary: 'is_business_time on MLK Day in Tokyo',
    value: { operation: 'is_business_time', calendar: 'us-federal', timezone: 'Asia/Tokyo', at: '2026-01-19T10:00:00' }
  },
  next_business_time: {
    summary: 'next_business_time after hours on a Friday in London',
    value: { operation: 'next_business_time', calendar: 'weekdays', timezone: 'Europe/London', at: '2026-03-27T18:30:00' }
  },
  sla_due_at_split_shift: {
    summary: 'sla_due_at with a lunch break over Christmas in England',
    value: {
      operation: 'sla_due_at',
      calendar: 'GB-ENG',
      timezone: 'Europe/London',
      start_at: '2026-12-24T11:00:00',
      minutes: 600,
      schedule: { mon: splitShift, tue: splitShift, wed: splitShift, thu: splitShift, fri: splitShift }
    }
  },
  sla_due_at_backwards: {
    summary: 'sla_due_at with negative minutes: when to start to be done by Monday 10:00',
    value: { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-09T10:00:00', minutes: -120 }
  },
  sla_due_at_past_data: {
    summary: 'sla_due_at in Singapore in November 2031, a year whose data lacks Deepavali',
    value: { operation: 'sla_due_at', calendar: 'SG', timezone: 'Asia/Singapore', start_at: '2031-11-13T16:00:00', minutes: 120 }
  },
  business_minutes_between_night_shift: {
    summary: 'business_minutes_between over a night shift when the clocks go forward in Berlin',
    value: {
      operation: 'business_minutes_between',
      calendar: 'weekdays',
      timezone: 'Europe/Berlin',
      start_at: '2026-03-28T22:00:00',
      end_at: '2026-03-29T06:00:00',
      schedule: { mon: nights, tue: nights, wed: nights, thu: nights, fri: nights, sat: nights, sun: nights }
    }
  },
  is_business_time_override: {
    summary: 'is_business_time on a working Saturday given in overrides',
    value: {
      operation: 'is_business_time',
      calendar: 'us-federal',
      timezone: 'America/Chicago',
      at: '2026-11-28T11:00:00',
      overrides: [{ date: '2026-11-28', hours: [['10:00', '16:00']] }]
    }
  },
  add_business_days: {
    summary: 'add_business_days over Christmas in Bavaria, with the company closed on Dec 31',
    value: {
      operation: 'add_business_days',
      calendar: 'DE-BY',
      timezone: 'Europe/Berlin',
      date: '2026-12-23',
      days: 5,
      holidays: ['2026-12-31']
    }
  },
  business_days_between: {
    summary: 'business_days_between over the holidays in England',
    value: {
      operation: 'business_days_between',
      calendar: 'GB-ENG',
      timezone: 'Europe/London',
      start_date: '2026-12-21',
      end_date: '2027-01-04'
    }
  },
  sla_status: {
    summary: 'sla_status of a ticket that waited on the customer',
    value: {
      operation: 'sla_status',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-05T09:00:00',
      at: '2026-03-09T12:00:00',
      minutes: 960,
      pauses: [{ start_at: '2026-03-05T13:00:00', end_at: '2026-03-06T10:00:00' }]
    }
  }
}

export const calculateResponseExamples: Record<keyof typeof calculateRequestExamples, { summary: string, value: unknown }> = {
  sla_due_at: {
    summary: 'Due Monday 10:00, now at -04:00',
    value: {
      operation: 'sla_due_at',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-06T16:00:00-05:00',
      minutes: 120,
      due_at: '2026-03-09T10:00:00-04:00',
      business_minutes_added: 120
    }
  },
  sla_due_at_observed_holiday: {
    summary: '30 minutes on Thursday, the rest on Monday 2028-01-03',
    value: {
      operation: 'sla_due_at',
      calendar: 'us-federal',
      timezone: 'America/Chicago',
      start_at: '2027-12-30T16:30:00-06:00',
      minutes: 90,
      due_at: '2028-01-03T10:00:00-06:00',
      business_minutes_added: 90
    }
  },
  business_minutes_between: {
    summary: '120 business minutes',
    value: {
      operation: 'business_minutes_between',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-06T16:00:00-05:00',
      end_at: '2026-03-09T10:00:00-04:00',
      business_minutes: 120,
      business_seconds: 7200
    }
  },
  is_business_time: {
    summary: 'Closed: a holiday on the local date',
    value: {
      operation: 'is_business_time',
      calendar: 'us-federal',
      timezone: 'Asia/Tokyo',
      at: '2026-01-19T10:00:00+09:00',
      is_business_time: false,
      state: 'holiday',
      holiday: 'Birthday of Martin Luther King, Jr.'
    }
  },
  next_business_time: {
    summary: 'Monday 09:00, after the clocks went forward',
    value: {
      operation: 'next_business_time',
      calendar: 'weekdays',
      timezone: 'Europe/London',
      at: '2026-03-27T18:30:00+00:00',
      next_business_time: '2026-03-30T09:00:00+01:00',
      window_closes_at: '2026-03-30T17:00:00+01:00'
    }
  },
  sla_due_at_split_shift: {
    summary: '60 + 240 minutes on Thu Dec 24; Christmas, the weekend and the Boxing Day substitute (Mon 28) closed; 240 + 60 on Tue 29',
    value: {
      operation: 'sla_due_at',
      calendar: 'GB-ENG',
      timezone: 'Europe/London',
      start_at: '2026-12-24T11:00:00+00:00',
      minutes: 600,
      due_at: '2026-12-29T14:00:00+00:00',
      business_minutes_added: 600
    }
  },
  sla_due_at_backwards: {
    summary: 'Monday 09:00-10:00 and Friday 16:00-17:00, before the clocks went forward',
    value: {
      operation: 'sla_due_at',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-09T10:00:00-04:00',
      minutes: -120,
      due_at: '2026-03-06T16:00:00-05:00',
      business_minutes_added: -120
    }
  },
  sla_due_at_past_data: {
    summary: 'Friday 14 November counts as a working day: the data lists Deepavali by date up to 2030, and the answer says so',
    value: {
      operation: 'sla_due_at',
      calendar: 'SG',
      timezone: 'Asia/Singapore',
      start_at: '2031-11-13T16:00:00+08:00',
      minutes: 120,
      due_at: '2031-11-14T10:00:00+08:00',
      business_minutes_added: 120,
      warnings: [{ code: 'calendar_incomplete', calendar: 'SG', year: 2031, missing: ['Deepavali'] }]
    }
  },
  business_minutes_between_night_shift: {
    summary: 'A 7-hour night: 02:00-03:00 never happened',
    value: {
      operation: 'business_minutes_between',
      calendar: 'weekdays',
      timezone: 'Europe/Berlin',
      start_at: '2026-03-28T22:00:00+01:00',
      end_at: '2026-03-29T06:00:00+02:00',
      business_minutes: 420,
      business_seconds: 25200
    }
  },
  is_business_time_override: {
    summary: 'Open: the override opens the Saturday',
    value: {
      operation: 'is_business_time',
      calendar: 'us-federal',
      timezone: 'America/Chicago',
      at: '2026-11-28T11:00:00-06:00',
      is_business_time: true,
      state: 'open',
      holiday: null
    }
  },
  add_business_days: {
    summary: 'Dec 24, 28, 29 and 30, then Jan 4: Dec 25-26 are holidays, Dec 31 closed and Jan 1 New Year',
    value: {
      operation: 'add_business_days',
      calendar: 'DE-BY',
      timezone: 'Europe/Berlin',
      date: '2026-12-23',
      days: 5,
      result_date: '2027-01-04'
    }
  },
  business_days_between: {
    summary: 'Dec 21-24, 29-31: seven working days (Dec 25, the Boxing Day substitute on Dec 28 and Jan 1 are holidays)',
    value: {
      operation: 'business_days_between',
      calendar: 'GB-ENG',
      timezone: 'Europe/London',
      start_date: '2026-12-21',
      end_date: '2027-01-04',
      business_days: 7
    }
  },
  sla_status: {
    summary: '240 minutes Thursday, the pause, 420 Friday and 180 Monday: 840 of 960, due Monday 14:00',
    value: {
      operation: 'sla_status',
      calendar: 'us-federal',
      timezone: 'America/New_York',
      start_at: '2026-03-05T09:00:00-05:00',
      at: '2026-03-09T12:00:00-04:00',
      minutes: 960,
      elapsed_seconds: 50400,
      elapsed_minutes: 840,
      remaining_seconds: 7200,
      remaining_minutes: 120,
      due_at: '2026-03-09T14:00:00-04:00',
      breached: false,
      breached_at: null,
      paused: false
    }
  }
}

export const batchRequestExamples = {
  mixed: {
    summary: 'Two due dates and a mistake',
    value: {
      calculations: [
        calculateRequestExamples.sla_due_at.value,
        calculateRequestExamples.sla_due_at_split_shift.value,
        { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00Z', minutes: 60 }
      ]
    }
  }
}

const NO_OFFSET = 'send local wall time without a Z, such as 2026-03-06T16:00:00; the zone comes from `timezone`'

export const batchResponseExamples = {
  mixed: {
    summary: 'Results in input order; the third fails alone',
    value: {
      results: [
        { ok: true, result: calculateResponseExamples.sla_due_at.value },
        { ok: true, result: calculateResponseExamples.sla_due_at_split_shift.value },
        {
          ok: false,
          error: {
            status: 422,
            detail: [{
              type: 'value_error',
              loc: ['body', 'calculations', 2, 'start_at'],
              msg: `Value error, ${NO_OFFSET}`,
              input: '2026-03-06T16:00:00Z',
              ctx: { error: NO_OFFSET }
            }],
            code: 'validation_failed'
          }
        }
      ],
      succeeded: 2,
      failed: 1
    }
  }
}
