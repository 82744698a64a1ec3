import type { PropertyAnalysis, PropertyInput } from '../../api/types';
import type { TokenizeSearch } from '../search';
import { formatMoney, formatTokenPrice } from '../format';
import { conditions, propertyTypes } from './options';

const label = <T extends string>(options: { value: T; label: string }[], value: T) =>
  options.find((o) => o.value === value)?.label ?? value;

/**
 * 'Start Tokenization Process': the wizard's step 1 filled in from the property just analysed — its address as
 * the name, the value of the share to be tokenized (when in NZD, the asset's currency) with that share's token
 * count, so the wizard's price per token is the calculator's, and a description of what was analysed (the whole
 * property's value too). The owner checks it and saves; nothing is created until then.
 */
export function tokenizeSearchFrom(input: PropertyInput, result: PropertyAnalysis): TokenizeSearch {
  const place = [input.location, input.country].filter(Boolean).join(', ');
  const size = input.size ? `, ${input.size.toLocaleString('en-NZ')} m²` : '';
  const description =
    `${label(propertyTypes, input.propertyType)}${place ? ` in ${place}` : ''}, ` +
    `${label(conditions, input.condition).toLowerCase()} condition${size}. ` +
    `${input.propertyPercentage}% of a property valued at ${formatMoney(result.propertyValue, result.currency)} to be ` +
    `tokenized as ${result.tokenCount.toLocaleString('en-NZ')} tokens of ${formatTokenPrice(result.tokenValue, result.currency)}.`;
  const search: TokenizeSearch = {
    from: 'property-calculator',
    name: input.propertyAddress.slice(0, 120),
    assetType: 'property',
    address: [input.propertyAddress, input.location].filter(Boolean).join(', ').slice(0, 300),
    description,
    // The tokenized share's value with its token count: value ÷ tokens is the calculator's token value.
    totalValue: result.currency === 'NZD' ? Math.round(result.tokenizedValue) : undefined,
    tokenCount: result.tokenCount > 0 ? Math.trunc(result.tokenCount) : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as TokenizeSearch;
}

/** The same as an address, for the sign-in flow's return path. */
export function tokenizeHref(search: TokenizeSearch): string {
  const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)]));
  return `/tokenize?${query}`;
}
