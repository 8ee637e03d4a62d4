// Test files share the run's database; each gets a Redis sub-prefix of its own (see createTestApp).
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'fatal';
// The tests' webhook receivers listen on 127.0.0.1, which webhooks may not reach otherwise (SSRF rules);
// the SSRF tests set their own value.
process.env.WEBHOOK_ALLOWED_HOSTS ??= '127.0.0.1';
// Test files share one database but not one Redis prefix, so a worker's reconciler would take other
// files' queued submissions for jobs its own Redis lost; the tests of the reconciler turn it on.
process.env.RECONCILE_INTERVAL ??= '0';
// STAFF_WEBHOOK_URL needs a signing secret; tests that check signatures set their own.
process.env.STAFF_WEBHOOK_SECRET ??= 'test-webhook-secret-0123456789';
