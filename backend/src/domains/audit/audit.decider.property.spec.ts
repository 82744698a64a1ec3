import fc from 'fast-check';
import {
  anyId,
  anyTime,
  checkDecider,
  choiceOf,
  commandsOf,
  PROTOTYPE_NAMES,
  someText,
} from '../../testing/decider-properties.js';
import { auditTrail, type CustomerNow, privacy, type AuditCommand, type PrivacyCommand } from './audit.decider.js';
import { AUDIT_VIEWS } from './events.js';

const orNull = (...instants: string[]) => fc.option(fc.constantFrom(...instants), { nil: null });

describe('Audit deciders, properties', () => {
  it('every read of the history is recorded, whatever was asked; an unreadable query is refused', () => {
    const command: fc.Arbitrary<AuditCommand> = fc.record({
      type: fc.constant('RecordAuditView' as const),
      viewerId: anyId,
      view: choiceOf(AUDIT_VIEWS),
      query: fc.dictionary(
        fc.constantFrom('stream', 'type', 'actor', 'from', 'after', ...PROTOTYPE_NAMES, 'has space'),
        someText(fc.constantFrom('offering-', 'InvestmentRequested', '2026-11-23T00:00:00.000Z')),
        { maxKeys: 4 },
      ),
    });
    checkDecider(auditTrail, {
      commands: commandsOf(command),
      wholeNumbers: (s) => [s.views],
      invariant: (state, history) => expect(state.views).toBe(history.length),
    });
  });

  it('a person is forgotten once, whatever the reason and dates asked with', () => {
    const command: fc.Arbitrary<PrivacyCommand> = fc.record({
      type: fc.constant('ForgetPerson' as const),
      subjectId: anyId,
      forgottenBy: anyId,
      reason: someText(fc.constant('Request under the Privacy Act 2020')),
      retainedUntil: orNull('2027-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z'),
      relationshipEnded: orNull('2022-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
      customerNow: fc.constantFrom<CustomerNow | null>(null, 'holds tokens', 'has an asset on Kauri'),
      at: anyTime,
    });
    checkDecider(privacy, {
      commands: commandsOf(command),
      invariant(state, history) {
        expect(history.length).toBeLessThanOrEqual(1);
        expect(state.forgotten).toBe(history.length === 1);
      },
    });
  });
});
