import { PageShell } from '../../components/layout/page-shell';
import { BackButton } from '../../components/layout/back-button';
import { paths } from '../../config/paths';
import { PanelImportView } from '../../features/enrollment/components/panel-import-view';
import { useSignedInUser } from '../../lib/session';

/** `/provider/import`: the practice's staff bring their panel in from a CSV file or a FHIR Bundle. */
export function ProviderPanelImportPage() {
  const user = useSignedInUser();
  return (
    <PageShell
      title="Import Patients"
      description="Bring your panel in from your EHR: preview it, then import it. Imported patients wait for consent."
      actions={<BackButton to={paths.provider.dashboard.getHref()}>Back to Dashboard</BackButton>}
    >
      <PanelImportView organizationId={user.provider_id ?? ''} />
    </PageShell>
  );
}
