// OpenAPI examples, one per operation (test/routes/calculate.route.test.ts replays each request and expects the
// paired response).

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
  }
}
