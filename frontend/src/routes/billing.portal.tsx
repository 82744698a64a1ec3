import { SandboxPortalPage } from '../features/billing/SandboxPortalPage';
export default SandboxPortalPage;
