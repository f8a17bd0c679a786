import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PatientDetail } from '../../patients/components/patient-detail';

const BACK = { href: paths.provider.dashboard.getHref(), label: 'Back to Dashboard' };

/** `/provider/patients/{patientId}`: back goes to the provider dashboard. */
export function ProviderPatientDetailPage() {
  const { patientId = '' } = useParams();
  return <PatientDetail key={patientId} patientId={patientId} back={() => BACK} notFoundBack={BACK} webCalls />;
}
