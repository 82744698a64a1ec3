import { expect, test } from '@jest/globals';
import { paymentLineOf } from './stablecoin-payments.js';

test('a distribution line’s transfer is known by its transaction id, an admin’s retry of it too; nothing else is', () => {
  const id = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
  expect(paymentLineOf(`c31337-dist-${id}-line-4`)).toEqual({ distributionId: id, line: 4 });
  expect(paymentLineOf(`c31337-dist-${id}-line-12-retry-2`)).toEqual({ distributionId: id, line: 12 });
  expect(paymentLineOf(`c31337-dist-${id}-mint`)).toBeNull();
  expect(paymentLineOf('c31337-stablecoin')).toBeNull();
  expect(paymentLineOf(`c31337-transfer-${id}`)).toBeNull();
});
