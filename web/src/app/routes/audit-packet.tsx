import { Button, Group, TextInput } from '@mantine/core';
import { Printer } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { AUDIT_PACKET_MESSAGES } from '../../../../shared/audit-packet';
import { PageShell } from '../../components/layout/page-shell';
import { BackButton } from '../../components/layout/back-button';
import { paths } from '../../config/paths';
import { AuditPacketView } from '../../features/billing/components/audit-packet-view';

/**
 * `/provider/patients/:patientId/audit-packet?month=`: one patient-month's evidence, laid out to
 * print; the browser's print dialog saves it as PDF. The controls are left off the printout.
 */
export function ProviderAuditPacketPage() {
  const { patientId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const month = search.get('month') ?? '';
  return (
    <PageShell
      title={AUDIT_PACKET_MESSAGES.title}
      description="Consent, the care plan in force, the time log, AI contacts and the rule behind each code for one month."
      actions={
        <Group className="print-hidden">
          <TextInput
            type="month"
            label="Month"
            value={month}
            onChange={(event) => setSearch(event.currentTarget.value ? { month: event.currentTarget.value } : {})}
          />
          <Button leftSection={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
            {AUDIT_PACKET_MESSAGES.print}
          </Button>
          <BackButton to={paths.provider.patient.getHref(patientId)}>Back to Patient</BackButton>
        </Group>
      }
    >
      <AuditPacketView patientId={patientId} month={month} />
    </PageShell>
  );
}
