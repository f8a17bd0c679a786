import { PageShell } from '../../../components/layout/page-shell';

export function AdminSummariesPage() {
  return <PageShell title="Call Summaries" description="Completed calls across every provider organization." />;
}
