import { Button, Card, Center, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { ClipboardCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CONSENT_DISCLOSURES, CONSENT_METHOD_LABELS, CONSENT_STATUS_LABELS } from '../../../../../shared/consent';
import { todayIn } from '../../../../../shared/time-preferences';
import type { PreferredLanguage } from '../../../../../shared/enrollment/patient-fields';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useConsent, useRecordConsent } from '../api/consent';
import { ConsentFields } from './consent-fields';
import { consentDefaults, toConsentPayload, validateConsent, type ConsentValues } from './consent.utils';
import { formatDateTime, formatDay } from './format.utils';
import { LANGUAGE_NAMES } from '../../../../../shared/enrollment/patient-fields';
import { LoadMore } from '../../../components/table/load-more';
import { FormActions } from '../../../components/forms/form-actions';

export interface ConsentPanelProps {
  patientId: string;
  patientName: string;
  /** The organization's time zone: its today is the latest consent date the API accepts. */
  timezone: string;
  /** The patient's language: the consent script is read in it. */
  language?: PreferredLanguage;
}

/** The patient's CCM consent: its history, newest first, and the form that records a change. */
export function ConsentPanel({ patientId, patientName, timezone, language }: ConsentPanelProps) {
  const query = useConsent(patientId);
  const [recording, setRecording] = useState(false);
  const entries = query.data?.pages.flatMap((page) => page.history.items) ?? [];
  const headingId = `consent-heading-${patientId}`;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            Consent
          </Title>
          <Button
            variant="light"
            leftSection={<ClipboardCheck size={16} aria-hidden="true" />}
            aria-haspopup="dialog"
            onClick={() => setRecording(true)}
          >
            Record consent
          </Button>
        </Group>
        {query.isPending ? (
          <Center py="md" role="status">
            <Loader size="sm" role="img" aria-label="Loading consent" />
          </Center>
        ) : query.isError && !query.data ? (
          <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
        ) : entries.length === 0 ? (
          <Text c="dimmed">No consent recorded yet. Monthly check-ins wait until consent is accepted.</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label="Consent history">
              <Table verticalSpacing="xs" aria-label="Consent history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Method</Table.Th>
                    <Table.Th scope="col">Script</Table.Th>
                    <Table.Th scope="col">Disclosures</Table.Th>
                    <Table.Th scope="col">Recorded</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{CONSENT_STATUS_LABELS[entry.status]}</Table.Td>
                      <Table.Td>{formatDay(entry.date)}</Table.Td>
                      <Table.Td>{entry.method ? CONSENT_METHOD_LABELS[entry.method] : '—'}</Table.Td>
                      <Table.Td>{entry.script_language ? LANGUAGE_NAMES[entry.script_language] : '—'}</Table.Td>
                      <Table.Td>
                        {entry.status === 'accepted'
                          ? `${entry.disclosures.length} of ${CONSENT_DISCLOSURES.length} confirmed`
                          : '—'}
                      </Table.Td>
                      <Table.Td>
                        {formatDateTime(entry.recorded_at)} by {entry.recorded_by.name}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore query={query} />
          </>
        )}
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={recording}
        onClose={() => setRecording(false)}
        title={`Record consent: ${patientName}`}
        size="lg"
      >
        {recording && (
          <RecordConsentForm
            patientId={patientId}
            timezone={timezone}
            language={language}
            onDone={() => setRecording(false)}
          />
        )}
      </Modal>
    </Card>
  );
}

function RecordConsentForm({
  patientId,
  timezone,
  language,
  onDone,
}: {
  patientId: string;
  timezone: string;
  language: PreferredLanguage | undefined;
  onDone: () => void;
}) {
  const record = useRecordConsent(patientId);
  const [today] = useState(() => todayIn(timezone, new Date()));
  const [values, setValues] = useState<ConsentValues>(() => consentDefaults(today, 'accepted'));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateConsent(values, today);
    setError(invalid);
    const payload = toConsentPayload(values);
    if (invalid || !payload) return;
    record.mutate(payload, { onSuccess: onDone, onError: (caught) => setError(caught.message) });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Record consent">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <ConsentFields values={values} onChange={setValues} today={today} language={language} />
        <FormActions submitLabel="Save consent" pending={record.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
