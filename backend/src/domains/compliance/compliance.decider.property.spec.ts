import fc from 'fast-check';
import { anyId, checkDecider, choiceOf, commandsOf, someText } from '../../testing/decider-properties.js';
import { compliance, type ComplianceCommand } from './compliance.decider.js';
import { CHECK_IDS, CHECK_STATUSES } from './events.js';

const expiryDate = fc.oneof(
  fc.constant(null),
  fc.constantFrom('2027-06-30', '2030-01-01', '2026-01-01', '2027-06-30T00:00:00Z'),
  fc.constantFrom('2027-02-30', 'next year', '', '2027-13-01'),
);
const text = fc.option(someText(fc.constant('Registration confirmed with the FMA')), { nil: null });

const recordCheck = fc.record({
  type: fc.constant('RecordCheck' as const),
  ownerId: anyId,
  check: choiceOf(CHECK_IDS),
  status: choiceOf(CHECK_STATUSES),
  expiryDate,
  note: text,
  recordedBy: anyId,
  today: fc.constant('2026-11-23'),
});
const requestReview = fc.record({
  type: fc.constant('RequestReview' as const),
  ownerId: anyId,
  requestId: anyId,
  message: text,
});
const command: fc.Arbitrary<ComplianceCommand> = fc.oneof(
  { weight: 4, arbitrary: recordCheck },
  { weight: 1, arbitrary: requestReview },
);

describe('Compliance decider, properties', () => {
  it('whatever is asked, with whatever checks, dates and notes: events fit, only the four checks are kept', () => {
    checkDecider(compliance, {
      commands: commandsOf(command),
      invariant(state) {
        expect([...state.checks.keys()].every((k) => CHECK_IDS.includes(k))).toBe(true);
      },
    });
  });
});
