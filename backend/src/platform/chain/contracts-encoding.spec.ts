import { encodeFunctionData } from 'viem';
import { ARTIFACTS } from './contracts-encoding.js';
import { INITIALIZE_CALL } from './platform-plan.js';

describe('planning without the artifacts', () => {
  it("INITIALIZE_CALL is the calldata viem encodes for CountryAllowModule's initialize()", () => {
    expect(encodeFunctionData({ abi: ARTIFACTS.CountryAllowModule.abi, functionName: 'initialize' })).toBe(
      INITIALIZE_CALL,
    );
  });
});
