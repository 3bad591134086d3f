// OpenAPI examples of the site-intel job routes (illustrative ids and times).

export const jobRequestExamples = {
  withCallback: {
    summary: 'A list, and where to announce the end',
    value: { urls: ['example.com', 'https://www.example.org/pricing'], callback_url: 'https://hooks.agency.example/site-audits' }
  }
}

export const jobCreatedExamples = {
  queued: {
    summary: 'Queued, with the callback secret shown once',
    value: {
      id: 'job_9a4e0c7b1d2f3e4a5b6c7d8e',
      status: 'queued',
      total: 2,
      created_at: '2026-11-27T09:00:00.000Z',
      callback_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    }
  }
}

export const jobStatusExamples = {
  progress: {
    summary: 'A job and its progress',
    value: {
      id: 'job_9a4e0c7b1d2f3e4a5b6c7d8e',
      status: 'completed',
      total: 2,
      done: 2,
      failed: 0,
      created_at: '2026-11-27T09:00:00.000Z',
      started_at: '2026-11-27T09:00:00.120Z',
      finished_at: '2026-11-27T09:00:04.480Z',
      charged: 2,
      results_url: '/v1/site-intel/jobs/job_9a4e0c7b1d2f3e4a5b6c7d8e/results',
      items_per_second: null,
      estimated_finish_at: null
    }
  }
}
