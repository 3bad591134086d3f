// OpenAPI examples of the brand job routes (illustrative ids and times).

export const jobRequestExamples = {
  withCallback: {
    summary: 'A list, and where to announce the end',
    value: { domains: ['acme.example', 'https://www.example.org/about'], callback_url: 'https://hooks.acme.example/brand-jobs' }
  }
}

export const jobCreatedExamples = {
  queued: {
    summary: 'Queued, with the callback secret shown once',
    value: {
      id: 'job_5f1c2e9a0b7d4c3e8f6a1b2c',
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
      id: 'job_5f1c2e9a0b7d4c3e8f6a1b2c',
      status: 'running',
      total: 2,
      done: 1,
      failed: 0,
      created_at: '2026-11-27T09:00:00.000Z',
      started_at: '2026-11-27T09:00:00.120Z',
      finished_at: null,
      charged: 1,
      results_url: '/v1/domain/profile/jobs/job_5f1c2e9a0b7d4c3e8f6a1b2c/results',
      items_per_second: 2.5,
      estimated_finish_at: '2026-11-27T09:00:01.000Z'
    }
  }
}
