import { defineProjection } from '../platform/projection-engine/projection.js';
import { LINK_TTL_MS, SEND_LEASE_MS } from '../domains/early-access/early-access.decider.js';
import type { EarlyAccessEvent } from '../domains/early-access/events.js';
import { upcasters } from '../domains/upcasters.js';

/**
 * The confirmation mails the outbox may still have to send or settle: one document per registration whose mail
 * is due, retrying, or being sent; gone once it is sent, given up or the address confirmed. The outbox's sweep
 * (at boot and every minute) looks here, so it loads the interest register only when there is something to do,
 * however many registrations the stream holds. Only candidates: the stream still decides (`mailIsDue`).
 */
export interface PendingConfirmationMailDoc {
  _id: string;
  /** When the outbox should act: the mail's due time, or the end of an unfinished send's lease. */
  dueAt: string;
  /** When the registration lapses unconfirmed (`hasLapsed`): no mail goes out after that. */
  lapsesAt: string;
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

const EVENT_TYPES = [
  'InterestRegistered',
  'ConfirmationMailSending',
  'ConfirmationMailSent',
  'ConfirmationMailFailed',
  'InterestConfirmed',
] as const satisfies EarlyAccessEvent['type'][];
type Handled = Extract<EarlyAccessEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const pendingConfirmationMailsProjection = defineProjection<PendingConfirmationMailDoc, Handled>({
  upcasters,
  name: 'pending-confirmation-mails',
  version: 1,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.registrationId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'InterestRegistered': {
        const { registeredAt, placeOnRegistration } = event.data;
        // Registrations from before confirmation existed took their place on submission: no mail.
        if (placeOnRegistration) return null;
        return { _id: id, dueAt: registeredAt, lapsesAt: plus(registeredAt, LINK_TTL_MS) };
      }
      case 'ConfirmationMailSending': {
        const { startedAt, expiresAt } = event.data;
        if (!doc) return null;
        return {
          ...doc,
          dueAt: plus(startedAt, SEND_LEASE_MS),
          // biome-ignore lint/complexity/useMathMinMax: ISO timestamps, compared as strings (Math.max takes numbers).
          lapsesAt: expiresAt > doc.lapsesAt ? expiresAt : doc.lapsesAt,
        };
      }
      case 'ConfirmationMailSent':
        return null;
      case 'ConfirmationMailFailed':
        return doc && event.data.retryAt ? { ...doc, dueAt: event.data.retryAt } : null;
      case 'InterestConfirmed':
        return null;
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
