import { paths } from '../../../config/paths';
import { SummariesView } from '../../summaries/components/summaries-view';

/** `/provider/summaries`: the organization's call summaries; back goes to the provider dashboard. */
export function ProviderSummariesPage() {
  return (
    <SummariesView
      description="Completed calls with your patients."
      back={{ href: paths.provider.dashboard.getHref(), label: 'Back to Dashboard' }}
    />
  );
}
