import { describe, expect, it, jest } from '@jest/globals';
import { paymentReturn } from './paymentReturn';

describe('the payment return on / (docs/specification.md §7: /?subscription=success)', () => {
  it('announces the plan remembered before paying', () => {
    const announced = paymentReturn({ subscription: 'success' }, () => 'Professional');
    expect(announced).toEqual({ planName: 'Professional', failed: false });
  });

  it('says "your plan" when the name was not kept, and a failure when Stripe reports one', () => {
    const failed = paymentReturn({ subscription: 'success', redirect_status: 'failed' }, () => null);
    expect(failed).toEqual({ planName: 'your', failed: true });
    expect(paymentReturn({ subscription: 'success', redirect_status: 'succeeded' }, () => null)?.failed).toBe(false);
  });

  it('is no return without the marker, and then leaves the remembered plan alone', () => {
    const takePlanName = jest.fn(() => 'Starter');
    expect(paymentReturn({}, takePlanName)).toBeNull();
    expect(takePlanName).not.toHaveBeenCalled();
  });
});
