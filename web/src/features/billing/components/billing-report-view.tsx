import { Anchor, Badge, Button, Checkbox, Group, NativeSelect, Stack, Switch, Table, Text } from '@mantine/core';
import { Download, ReceiptText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { billingCsvFilename, type BillingReportRow } from '../../../../../shared/care-time';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { LoadMore, firstPageState } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { formatDate } from '../../../lib/format-date';
import { saveFile } from '../../../lib/save-file';
import { useBillingReport, useExportBillingCsv, useUpdateBillingRow } from '../api/billing-report';
import { PROGRAM_LABELS } from '../../../../../shared/care-program';
import {
  betterText,
  browserMonth,
  codesText,
  consentText,
  dollars,
  monthLabel,
  reportMonthOptions,
} from './billing-report.utils';
import { BillingSummary } from './billing-summary';
import { FeeScheduleModal } from './fee-schedule-modal';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

export interface BillingReportViewProps {
  organizationId: string;
  /** Provider staff mark months billed and set the complexity flag; operators read. */
  canEdit: boolean;
  /** Operators and the practice's billing practitioners change its fee schedule. */
  canEditFees: boolean;
  /** Where a patient's row links: their page in this workspace. */
  patientHref: (patientId: string) => string;
}

/**
 * The monthly care management billing report (CCM, PCM, APCM; ccm/README.md) of one organization:
 * one row per patient-month with consent, conditions, minutes, AI contacts, the codes the
 * documentation supports and why, and billing. Filters by month and 'ready to bill'; CSV export.
 */
export function BillingReportView({ organizationId, canEdit, canEditFees, patientHref }: BillingReportViewProps) {
  const [month, setMonth] = useState('');
  const [feesOpen, setFeesOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const { query, month: shownMonth, rows } = useBillingReport(organizationId, month, ready);
  // The earlier months count back from the organization's month (the report's answer to "this
  // month"), not the browser's: on the evening a month ends, they differ across time zones.
  const [thisMonth, setThisMonth] = useState(() => browserMonth(new Date()));
  if (month === '' && shownMonth && shownMonth !== thisMonth) setThisMonth(shownMonth);
  const months = useMemo(() => reportMonthOptions(thisMonth), [thisMonth]);
  const exportCsv = useExportBillingCsv(organizationId);
  const update = useUpdateBillingRow(organizationId);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg" justify="space-between">
        <Group align="flex-end" gap="lg">
          <NativeSelect
            label="Month"
            data={months}
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            maw={240}
          />
          <Switch
            label="Ready to bill only"
            checked={ready}
            onChange={(event) => setReady(event.currentTarget.checked)}
            mb={6}
          />
        </Group>
        <Button
          variant="light"
          leftSection={<Download size={16} aria-hidden="true" />}
          loading={exportCsv.isPending}
          disabled={!shownMonth}
          onClick={() =>
            exportCsv.mutate(shownMonth ?? '', {
              onSuccess: (csv) =>
                saveFile(csv, billingCsvFilename(organizationId, shownMonth ?? ''), 'text/csv;charset=utf-8'),
            })
          }
        >
          Export CSV
        </Button>
      </Group>
      {exportCsv.isError && <ErrorAlert message={exportCsv.error.message} />}
      {update.isError && <ErrorAlert message={update.error.message} />}
      {shownMonth && (
        <Text c="dimmed" size="sm">
          {monthLabel(shownMonth)}, in the organization&apos;s time zone. AI assistant contacts are documented; only
          staff and practitioner minutes count toward codes.
        </Text>
      )}
      <BillingSummary organizationId={organizationId} month={month} onOpenFees={() => setFeesOpen(true)} />
      <FeeScheduleModal
        organizationId={organizationId}
        opened={feesOpen}
        canEdit={canEditFees}
        onClose={() => setFeesOpen(false)}
      />
      <QueryTableCard
        query={firstPageState(query)}
        isEmpty={rows.length === 0}
        empty={
          <ListEmptyState
            icon={ReceiptText}
            title={ready ? 'No patient-months are ready to bill' : 'No enrolled patients this month'}
          />
        }
      >
        <Table.ScrollContainer
          minWidth={1180}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Care management billing report"
        >
          <Table striped>
            <Table.Caption>
              Care management billing report{shownMonth ? `, ${monthLabel(shownMonth)}` : ''}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Patient</Table.Th>
                <Table.Th>Consent</Table.Th>
                <Table.Th>Conditions</Table.Th>
                <Table.Th>Clinical staff min</Table.Th>
                <Table.Th>Practitioner min</Table.Th>
                <Table.Th>AI contacts</Table.Th>
                <Table.Th>Program</Table.Th>
                <Table.Th>Codes</Table.Th>
                <Table.Th>Expected</Table.Th>
                <Table.Th>Complex</Table.Th>
                <Table.Th>Billed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <ReportRow
                  key={row.patient_id}
                  row={row}
                  canEdit={canEdit}
                  busy={update.isPending && update.variables?.patientId === row.patient_id}
                  patientHref={patientHref}
                  onChange={(change) => update.mutate({ month: row.month, patientId: row.patient_id, change })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryTableCard>
      <LoadMore query={query} label="Load more patients" />
    </Stack>
  );
}

interface ReportRowProps {
  row: BillingReportRow;
  canEdit: boolean;
  busy: boolean;
  patientHref: (patientId: string) => string;
  onChange: (change: { complex?: boolean; billed?: true }) => void;
}

function ReportRow({ row, canEdit, busy, patientHref, onChange }: ReportRowProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={patientHref(row.patient_id)} size="sm" fw={600}>
          {row.patient_name}
        </Anchor>
      </Table.Td>
      <Table.Td>{consentText(row)}</Table.Td>
      <Table.Td>{row.conditions}</Table.Td>
      <Table.Td>{row.staff_minutes}</Table.Td>
      <Table.Td>{row.practitioner_minutes}</Table.Td>
      <Table.Td>{row.ai_contacts}</Table.Td>
      <Table.Td>
        <Badge variant="outline" color="gray">
          {PROGRAM_LABELS[row.program]}
        </Badge>
        {row.pcm_condition && (
          <Text size="xs" c="dimmed">
            {row.pcm_condition}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.codes.length > 0 ? (
            row.codes.map((c, i) => (
              <Badge key={`${c.code}-${i}`} variant="light">
                {c.code}
              </Badge>
            ))
          ) : (
            <Text size="sm">{codesText(row)}</Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" maw={320}>
          {row.reason}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dollars(row.payment)}</Text>
        {row.better && (
          <Badge variant="light" color="orange" tt="none">
            {betterText(row)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`Complex care management for ${row.patient_name}`}
          checked={row.complex}
          disabled={!canEdit || row.billed !== null || busy}
          onChange={(event) => onChange({ complex: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        {row.billed ? (
          <Text size="sm">
            {formatDate(row.billed.at)} by {row.billed.by_name}
          </Text>
        ) : canEdit && row.ready ? (
          <Button
            size="xs"
            loading={busy}
            onClick={() => onChange({ billed: true })}
            aria-label={`Mark ${row.patient_name} billed`}
          >
            Mark billed
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {row.ready ? 'Ready to bill' : 'Not billed'}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
