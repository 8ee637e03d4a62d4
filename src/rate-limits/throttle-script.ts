/**
 * The per-key limit's one step in Redis (RedisThrottlerStorage). A file of its own, free of Nest, so
 * that bench/baseline/server.ts runs the very same script beside the service.
 *
 * One fixed window per key, atomically in Redis, so every API process shares one budget. The times are
 * the Clock's (ARGV now), kept in the keys: a window and a block end when the clock says so, which lets
 * a test move past them; the keys' expiry only lets Redis forget them afterwards.
 * KEYS: window (a hash: end, hits), block (its end). ARGV: window ms, limit, block ms, now ms.
 * Returns {hits, window ms left, blocked 0/1, block ms left}. Going over the limit starts a block and
 * clears the hits, so calls succeed again as soon as the block ends.
 */
export const INCREMENT_SCRIPT = `
local now = tonumber(ARGV[4])
local blockLeft = tonumber(redis.call('GET', KEYS[2]) or '0') - now
if blockLeft > 0 then
  return {tonumber(ARGV[2]) + 1, blockLeft, 1, blockLeft}
end
local windowEnd = tonumber(redis.call('HGET', KEYS[1], 'end') or '0')
local hits = 1
if windowEnd <= now then
  windowEnd = now + tonumber(ARGV[1])
  redis.call('HSET', KEYS[1], 'end', windowEnd, 'hits', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
else
  hits = redis.call('HINCRBY', KEYS[1], 'hits', 1)
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[3]), 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return {hits, tonumber(ARGV[3]), 1, tonumber(ARGV[3])}
end
return {hits, windowEnd - now, 0, 0}
`;
