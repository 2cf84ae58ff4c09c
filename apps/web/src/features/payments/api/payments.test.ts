import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/support';
import { isTransient, VERIFY_RETRY_DELAYS_MS, verifyPaymentSurely } from './payments';
import { ApiError } from '../../../lib/api';

const result = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'abc' };
const extra = { roomId: 'r1', amount: 100 };
const err = (status: number, code = 'X') => ({ status, body: { statusCode: status, code, message: 'no', success: false, errors: [] } });

afterEach(() => vi.unstubAllGlobals());

describe('verifyPaymentSurely', () => {
  it('asks again after a lost answer or a 5xx, waiting 1, 3 then 6 s, and answers the payment', async () => {
    const answers = [err(503), err(502), ok({ _id: 'pm1' })];
    const { calls } = mockApi({ 'POST /bills/verify-payment': () => answers.shift() ?? err(500) });
    const slept: number[] = [];
    const paid = await verifyPaymentSurely(result, extra, VERIFY_RETRY_DELAYS_MS, async (ms) => void slept.push(ms));
    expect(paid).toEqual({ _id: 'pm1' });
    expect(slept).toEqual([1000, 3000]);
    expect(calls.filter((c) => c.path === '/bills/verify-payment')).toHaveLength(3);
    // Every attempt sends the same identifiers (the server records the payment once).
    expect(new Set(calls.map((c) => JSON.stringify(c.body))).size).toBe(1);
  });

  it('stops after the last wait and throws the transient failure', async () => {
    const { calls } = mockApi({ 'POST /bills/verify-payment': err(503, 'SERVICE_UNAVAILABLE') });
    const slept: number[] = [];
    const failed = await verifyPaymentSurely(result, extra, VERIFY_RETRY_DELAYS_MS, async (ms) => void slept.push(ms)).catch((e) => e);
    expect(isTransient(failed)).toBe(true);
    expect(slept).toEqual([1000, 3000, 6000]);
    expect(calls).toHaveLength(4);
  });

  it('does not ask again after a 4xx answer (a bad signature is the answer)', async () => {
    const { calls } = mockApi({ 'POST /bills/verify-payment': err(400, 'BAD_SIGNATURE') });
    const sleep = vi.fn(async () => {});
    const failed = await verifyPaymentSurely(result, extra, VERIFY_RETRY_DELAYS_MS, sleep).catch((e) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).code).toBe('BAD_SIGNATURE');
    expect(sleep).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('treats no answer, 5xx and 429 as transient, other statuses and errors as answers', () => {
    expect([0, 500, 503, 429].map((s) => isTransient(new ApiError(s, 'x')))).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 409].map((s) => isTransient(new ApiError(s, 'x')))).toEqual([false, false, false, false, false]);
    expect(isTransient(new Error('x'))).toBe(false);
  });
});
