import { Alert, Badge, Card, List, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ruleLine, type AuditPacket } from '../../../../../shared/audit-packet';
import { APCM_ELEMENT_LABELS, APCM_LOG_MESSAGES, evidenceLine, markLine } from '../../../../../shared/apcm';
import { formatMbi } from '../../../../../shared/ccm/identifiers';
import { LANGUAGE_NAMES } from '../../../../../shared/enrollment/patient-fields';
import { CONSENT_DISCLOSURE_LABELS, CONSENT_METHOD_LABELS, CONSENT_STATUS_LABELS } from '../../../../../shared/consent';
import { COUNTS_AS_LABELS } from '../../../../../shared/values/care-time';
import { CARE_ROLE_LABELS } from '../../../../../shared/roles';
import { Field } from '../../../components/data/field';
import { formatCallTime, formatDuration } from '../../../lib/call-format';
import { formatDate } from '../../../lib/format-date';
import { useAuditPacket } from '../api/audit-packet';

/** A calendar day ('2026-11-24') as 'Nov 24, 2026' whatever the browser's time zone; an instant with its time. */
const formatDay = (day: string) => formatDate(`${day}T12:00:00.000Z`);
const formatDateTime = formatCallTime;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title} className="audit-packet-section">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const none = (text: string) => (
  <Text c="dimmed" size="sm">
    {text}
  </Text>
);

/** The packet's sections in the order an auditor checks them (ccm/README.md "Conditions for any code"). */
export function AuditPacketSections({ packet }: { packet: AuditPacket }) {
  const { patient, consent, care_plan: carePlan } = packet;
  return (
    <Stack gap="lg">
      <Section title="Patient">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0}>
          <Field label="Name">{`${patient.last_name}, ${patient.first_name}`}</Field>
          <Field label="Date of Birth">
            {patient.date_of_birth ? formatDay(patient.date_of_birth) : 'Not provided'}
          </Field>
          <Field label="Medicare ID (MBI)">{patient.mbi ? formatMbi(patient.mbi) : 'Not provided'}</Field>
          <Field label="MRN">{patient.mrn ?? 'Not provided'}</Field>
          <Field label="Practice">{packet.organization.name}</Field>
          <Field label="Billing Practitioner">
            {packet.billing_practitioner
              ? `${packet.billing_practitioner.name} (NPI ${packet.billing_practitioner.npi ?? 'not provided'})`
              : 'None'}
          </Field>
          <Field label="Billing NPI">
            {packet.claim_npis.billing
              ? `${packet.claim_npis.billing}${packet.organization.group_npi ? ' (the practice’s group NPI)' : ' (the practitioner’s)'}`
              : 'Not provided'}
          </Field>
          <Field label="Rendering NPI">{packet.claim_npis.rendering ?? 'Not provided'}</Field>
        </SimpleGrid>
      </Section>

      <Section title="Consent">
        {consent ? (
          <Stack gap="xs">
            <Text size="sm">
              {CONSENT_STATUS_LABELS[consent.status]} on {formatDay(consent.date)}
              {consent.method ? `, ${CONSENT_METHOD_LABELS[consent.method].toLowerCase()}` : ''}
              {consent.script_language ? `, script read in ${LANGUAGE_NAMES[consent.script_language]}` : ''}
              {consent.recorded_by_name ? `; recorded by ${consent.recorded_by_name}` : ''} at{' '}
              {formatDateTime(consent.recorded_at)}
            </Text>
            <Text size="sm" fw={600}>
              The patient was told:
            </Text>
            <List size="sm">
              {consent.disclosures.map((d) => (
                <List.Item key={d}>{CONSENT_DISCLOSURE_LABELS[d]}</List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          none('No consent recorded by the end of the month')
        )}
      </Section>

      <Section title="Care Plan in Force">
        {carePlan ? (
          <Stack gap="xs">
            <Text size="sm">
              Version {carePlan.version}, saved {formatDateTime(carePlan.saved_at)}
            </Text>
            {carePlan.plan && (
              <>
                <Text size="sm" fw={600}>
                  Chronic conditions
                </Text>
                <List size="sm">
                  {carePlan.plan.conditions.map((c) => (
                    <List.Item key={c.code}>{`${c.code} ${c.description}`}</List.Item>
                  ))}
                </List>
                <Text size="sm">Expected outcome and prognosis: {carePlan.plan.expected_outcome || '—'}</Text>
                <Text size="sm">Goals: {carePlan.plan.goals.join('; ') || '—'}</Text>
                <Text size="sm">Symptom management: {carePlan.plan.symptom_management || '—'}</Text>
                <Text size="sm">Interventions: {carePlan.plan.interventions || '—'}</Text>
                <Text size="sm">
                  Medications: {carePlan.plan.medications.map((m) => `${m.name} ${m.dose}`.trim()).join('; ') || '—'}
                </Text>
              </>
            )}
            {carePlan.note && <Text size="sm">Note: {carePlan.note}</Text>}
          </Stack>
        ) : (
          none('No care plan saved by the end of the month')
        )}
      </Section>

      <Section title="Time Log">
        {packet.time_entries.length === 0 ? (
          none('No time logged this month')
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Minutes</Table.Th>
                <Table.Th>Activity</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Care role</Table.Th>
                <Table.Th>Counts as</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packet.time_entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDay(e.date)}</Table.Td>
                  <Table.Td>{e.voids ? `−${e.minutes}` : e.minutes}</Table.Td>
                  <Table.Td>
                    {e.voids ? `Correction: ${e.voids.reason}` : e.activity}
                    {e.note ? ` (${e.note})` : ''}
                  </Table.Td>
                  <Table.Td>{e.user_name}</Table.Td>
                  <Table.Td>{CARE_ROLE_LABELS[e.care_role]}</Table.Td>
                  <Table.Td>{COUNTS_AS_LABELS[e.counts_as]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">
          Totals: {packet.totals.staff_minutes} clinical staff minutes, {packet.totals.practitioner_minutes}{' '}
          practitioner minutes, {packet.totals.non_clinical_minutes} non-clinical minutes (not counted).
        </Text>
      </Section>

      <Section title="AI Assistant Contacts">
        <Text size="sm">Documented as contacts; never counted as staff time and never billed.</Text>
        {packet.ai_contacts.length === 0 ? (
          none('No AI assistant calls reached the patient this month')
        ) : (
          <List size="sm">
            {packet.ai_contacts.map((c) => (
              <List.Item key={c.call_id}>
                {formatDateTime(c.started_at)}, {formatDuration(c.duration_seconds)}{' '}
                <Badge size="xs" variant="light" color="gray">
                  Not billable
                </Badge>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="APCM Service Elements">
        {packet.apcm_elements.length === 0 ? (
          none(APCM_LOG_MESSAGES.noneRecorded)
        ) : (
          <List size="sm">
            {packet.apcm_elements.map((e) => (
              <List.Item key={e.element}>
                <Text size="sm" fw={600} span>
                  {APCM_ELEMENT_LABELS[e.element]}
                </Text>
                {e.evidence.map((ev) => (
                  <Text size="sm" key={`${ev.kind}-${ev.id}-${ev.follows?.id ?? ''}`}>
                    CareLoop: {evidenceLine(ev, formatDateTime)}
                  </Text>
                ))}
                {e.marks.map((m) => (
                  <Text size="sm" key={`${m.user_id}-${m.at}`}>
                    Staff: {markLine(m)}, {formatDateTime(m.at)}
                  </Text>
                ))}
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Codes and Rule Trail">
        {packet.codes.length === 0 ? (
          none('No codes this month')
        ) : (
          <List size="sm">
            {packet.codes.map((c, i) => (
              <List.Item key={`${c.code}-${i}`}>{ruleLine(c)}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm">Why: {packet.reason}</Text>
        <Text size="sm">
          {packet.billed
            ? `Marked billed by ${packet.billed.by_name} at ${formatDateTime(packet.billed.at)}`
            : 'Not marked billed'}
        </Text>
      </Section>
    </Stack>
  );
}

/** The packet of one patient-month, loading and failing in words. */
export function AuditPacketView({ patientId, month }: { patientId: string; month: string }) {
  const query = useAuditPacket(patientId, month);
  if (query.isPending) return <Loader aria-label="Loading the audit packet" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return <AuditPacketSections packet={query.data} />;
}
