import type { DistributionStatus, IncomeKind } from '../../api/types';
import { formatPayment } from '../../shared/format';

/** An NZD amount the API sends as a decimal string ('1250.50'), in en-NZ: $1,250.50. */
export const nzd = (text: string) => formatPayment(Number(text));
/** An amount as the API writes it ("1234.50"), in cents, as Stripe takes it. */
export const cents = (text: string) => Math.round(Number(text) * 100);

export const KIND_LABELS: Record<IncomeKind, string> = {
  dividend: 'Dividend',
  interest: 'Interest',
  rent: 'Rent',
  other: 'Other income',
};

export const STATUS_LABELS: Record<DistributionStatus, string> = {
  proposed: 'Awaiting approval',
  approved: 'Approved, to fund',
  funded: 'Funded',
  paying: 'Being paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const STATUS_COLOURS: Record<DistributionStatus, string> = {
  proposed: 'gold',
  approved: 'blue',
  funded: 'cyan',
  paying: 'geekblue',
  paid: 'green',
  cancelled: 'default',
};

/** Today's date in New Zealand, YYYY-MM-DD (the record date is a New Zealand day). */
export const nzDay = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
