import { Button } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '../../../components/layout/page-shell';
import { paths } from '../../../config/paths';
import { useSignedInUser } from '../../../lib/session';
import { BillingReportView } from '../components/billing-report-view';

/** `/provider/billing`: the practice's monthly CCM billing report. */
export function ProviderBillingPage() {
  const user = useSignedInUser();
  return (
    <PageShell
      title="Billing"
      description="Care management codes your documentation supports, per patient and month."
      actions={
        <Button
          component={Link}
          to={paths.provider.dashboard.getHref()}
          variant="default"
          leftSection={<ArrowLeft size={16} aria-hidden="true" />}
        >
          Back to Dashboard
        </Button>
      }
    >
      <BillingReportView
        organizationId={user.provider_id ?? ''}
        canEdit
        patientHref={(id) => paths.provider.patient.getHref(id)}
      />
    </PageShell>
  );
}
