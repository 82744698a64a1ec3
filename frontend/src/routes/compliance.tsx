import { CompliancePage } from '../features/compliance/CompliancePage';
export default CompliancePage;
