import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, testApp, type TestApp } from './helper';

/**
 * REDIS_URL: the rate limits count in Redis instead of the database. Two instances that share
 * nothing but the Redis (each its own embedded database) allow what one allows. Runs where
 * TEST_REDIS_URL names a Redis (scripts/test.sh sets it when the local one answers).
 */
const url = process.env.TEST_REDIS_URL;

describe.runIf(!!url)('rate limits in Redis', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    // this file's counters start from nothing
    const redis = new Redis(url!);
    const keys = await redis.keys('wb-rate-*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    for (let i = 0; i < 2; i++) apps.push(await testApp({ redisUrl: url, loginRateLimit: 10 }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('15 wrong logins alternating over two instances: at most 10 are not refused with 429', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await apps[i % 2].app.inject({
        method: 'POST',
        url: `/us-auth/oauth/token?tenantId=000000&username=nobody${i}&password=wrong-password&grant_type=password`,
        headers: { authorization: BASIC },
      });
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s !== 429)).toHaveLength(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
  });
});
