import { NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageShell } from '../../components/layout/page-shell';
import { paths } from '../../config/paths';
import { useSignedInUser } from '../../lib/session';
import { useOrganizations } from '../../features/organizations/api/get-organizations';
import { BillingReportView } from '../../features/billing/components/billing-report-view';
import { BackButton } from '../../components/layout/back-button';

/** `/admin/billing?org=`: an organization's monthly care management billing report, for operators (read only). */
export function AdminBillingPage() {
  const [params, setParams] = useSearchParams();
  const organizationId = params.get('org') ?? '';
  const organizations = useOrganizations();
  const options = organizations.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageShell
      title="Billing"
      description="Each organization's care management codes, per patient and month."
      actions={<BackButton to={paths.admin.dashboard.getHref()}>Back to Dashboard</BackButton>}
    >
      <Stack gap="md">
        {organizations.isError ? (
          <ErrorAlert message={organizations.error.message} onRetry={() => void organizations.refetch()} />
        ) : (
          <NativeSelect
            label="Organization"
            disabled={organizations.isPending}
            data={[
              { value: '', label: organizations.isPending ? 'Loading organizations...' : 'Choose an organization' },
              ...options.map((o) => ({ value: o.id, label: o.name })),
            ]}
            value={organizationId}
            onChange={(event) => setParams(event.currentTarget.value ? { org: event.currentTarget.value } : {})}
            maw={360}
          />
        )}
        {organizationId ? (
          <BillingReportView
            key={organizationId}
            organizationId={organizationId}
            canEdit={false}
            canEditFees
            patientHref={(id) => paths.admin.patient.getHref(id)}
          />
        ) : (
          <Text c="dimmed">Choose an organization to see its billing report.</Text>
        )}
      </Stack>
    </PageShell>
  );
}

/** `/provider/billing`: the practice's monthly care management billing report. */
export function ProviderBillingPage() {
  const user = useSignedInUser();
  return (
    <PageShell
      title="Billing"
      description="Care management codes your documentation supports, per patient and month."
      actions={<BackButton to={paths.provider.dashboard.getHref()}>Back to Dashboard</BackButton>}
    >
      <BillingReportView
        organizationId={user.provider_id ?? ''}
        canEdit
        canEditFees={user.care_role === 'billing_practitioner'}
        patientHref={(id) => paths.provider.patient.getHref(id)}
      />
    </PageShell>
  );
}
