import { paths } from '../../config/paths';
import { useSummaryReviewOffer } from '../../features/care-time/components/summary-review-offer';
import { SummariesView, type SummariesViewProps } from '../../features/summaries/components/summaries-view';

/** The summaries screen: closing a summary offers provider staff to log its review as care time. */
function SummariesScreen(props: Pick<SummariesViewProps, 'description' | 'back'>) {
  const review = useSummaryReviewOffer();
  return (
    <SummariesView {...props} onSummaryShown={review.shown} onSummaryClosed={review.closed} notice={review.offer} />
  );
}

/** `/admin/summaries`: every organization's call summaries; back goes to the admin dashboard. */
export function AdminSummariesPage() {
  return (
    <SummariesScreen
      description="Completed calls across every provider organization."
      back={{ href: paths.admin.dashboard.getHref(), label: 'Back to Dashboard' }}
    />
  );
}

/** `/provider/summaries`: the organization's call summaries; back goes to the provider dashboard. */
export function ProviderSummariesPage() {
  return (
    <SummariesScreen
      description="Completed calls with your patients."
      back={{ href: paths.provider.dashboard.getHref(), label: 'Back to Dashboard' }}
    />
  );
}
