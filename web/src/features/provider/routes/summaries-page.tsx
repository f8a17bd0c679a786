import { PageShell } from '../../../components/layout/page-shell';

export function ProviderSummariesPage() {
  return <PageShell title="Call Summaries" description="Completed calls with your patients." />;
}
