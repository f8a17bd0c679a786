import { paths } from '../../../config/paths';
import { SummariesView } from '../../summaries/components/summaries-view';

/** `/admin/summaries`: every organization's call summaries; back goes to the admin dashboard. */
export function AdminSummariesPage() {
  return (
    <SummariesView
      description="Completed calls across every provider organization."
      back={{ href: paths.admin.dashboard.getHref(), label: 'Back to Dashboard' }}
    />
  );
}
