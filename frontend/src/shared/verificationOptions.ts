import type { ProfessionalType, VerificationType } from '../api/types';

export const verificationTypes: { value: VerificationType; label: string; help: string }[] = [
  {
    value: 'high_net_worth',
    label: 'High net worth',
    help: 'Net assets of at least NZD 5,000,000 (FMC Act 2013, Schedule 1, clause 3(3)(a))',
  },
  {
    value: 'large_investment',
    label: 'Large investment',
    help: 'Investing at least NZD 750,000 in this offer (Schedule 1, clause 3(3)(b))',
  },
  {
    value: 'professional',
    label: 'Investment business or professional',
    help: 'Your principal business is investing or advising on financial products (Schedule 1, clause 3(2))',
  },
];

export const professionalTypes: { value: ProfessionalType; label: string }[] = [
  { value: 'lawyer', label: 'Lawyer' },
  { value: 'accountant', label: 'Accountant' },
  { value: 'financial_advisor', label: 'Financial adviser' },
  { value: 'other', label: 'Other' },
];

export const typeLabel = (type: VerificationType | null) =>
  verificationTypes.find((t) => t.value === type)?.label ?? '—';
