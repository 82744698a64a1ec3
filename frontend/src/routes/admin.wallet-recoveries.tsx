import { WalletRecoveriesPage } from '../features/admin/WalletRecoveriesAdmin';
import { useSignedInUser } from '../shared/signedInUser';

/** /admin/wallet-recoveries: open, approve (four eyes) and follow the recovery of investors' lost wallets. */
export default function AdminWalletRecoveriesRoute() {
  return <WalletRecoveriesPage user={useSignedInUser()} />;
}
