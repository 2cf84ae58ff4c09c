import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryOnce } from './query';

describe('retryOnce', () => {
  it('retries a network failure or a server error once', () => {
    expect(retryOnce(0, new ApiError(0, 'offline'))).toBe(true);
    expect(retryOnce(0, new ApiError(503, 'down'))).toBe(true);
    expect(retryOnce(1, new ApiError(503, 'down'))).toBe(false);
  });
  it('never retries a refusal the same request would get again (a gone listing says so at once)', () => {
    for (const status of [400, 403, 404, 409]) expect(retryOnce(0, new ApiError(status, 'no'))).toBe(false);
    expect(retryOnce(0, new ApiError(429, 'slow down'))).toBe(true);
  });
});
