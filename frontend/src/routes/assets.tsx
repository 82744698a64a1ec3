import { AssetsPage } from '../features/assets/AssetsPage';
export default AssetsPage;
