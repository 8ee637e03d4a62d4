// Test files share the run's database; each gets a Redis sub-prefix of its own (see createTestApp).
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'fatal';
