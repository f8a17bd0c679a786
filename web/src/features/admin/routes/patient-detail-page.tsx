import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PatientDetail } from '../../patients/components/patient-detail';

/** `/admin/patients/{patientId}`: back goes to the organization's Patients tab. */
export function AdminPatientDetailPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientDetail
      key={patientId}
      patientId={patientId}
      back={({ provider }) => ({
        href: paths.admin.provider.getHref(provider.id, 'patients'),
        label: `Back to ${provider.name}`,
      })}
      notFoundBack={{ href: paths.admin.providers.getHref(), label: 'Back to Providers' }}
      accessHistory
    />
  );
}
