import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ComingInThisRelease } from '../features/layout/ComingInThisRelease';

/** A signed-in page of the route table whose screen lands in a later release: gated like the rest. */
export default function AppPage({ title }: { title: string }) {
  return <RequireSignIn>{() => <ComingInThisRelease title={title} />}</RequireSignIn>;
}
