import { IncomePage } from '../features/income/IncomePage';

/** /income: the investor's income from distributions, per tax year, and their tax profile. */
export default function Income() {
  return <IncomePage />;
}
