import { Button, Card, Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { CalendarPlus, Pencil, Phone, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CCM_MESSAGES } from '../../../../shared/ccm/messages';
import { TIME_PREFERENCE_LABELS, todayIn } from '../../../../shared/time-preferences';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { MessagePage } from '../../components/feedback/message-page';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { PageShell } from '../../components/layout/page-shell';
import { ConfirmDeleteModal } from '../../components/overlays/confirm-delete-modal';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { MakeCallModal } from '../../features/calls/components/make-call-modal';
import { MeasurementsSection } from '../../features/calls/components/measurements-section';
import { PatientCallHistory } from '../../features/calls/components/patient-call-history';
import { PatientScheduledCalls } from '../../features/calls/components/patient-scheduled-calls';
import { ScheduleCallModal } from '../../features/calls/components/schedule-call-modal';
import { CallLinkButton } from '../../features/texts/components/call-link-button';
import { SendCarePlanButton } from '../../features/texts/components/send-care-plan-button';
import { RevokeCallLinksButton } from '../../features/call-link/components/revoke-call-links-button';
import { PatientTextsSection } from '../../features/texts/components/patient-texts-section';
import { WebCallButton } from '../../features/web-call/components/web-call-button';
import { CareTimePanel } from '../../features/care-time/components/care-time-panel';
import { ApcmLogPanel } from '../../features/care-time/components/apcm-log-panel';
import { TransitionsSection } from '../../features/care-time/components/transitions-section';
import { useCareProgram } from '../../features/patients/api/care-program';
import { useCarePlan } from '../../features/patients/api/care-plan';
import { usePatient, type PatientDetailResponse } from '../../features/patients/api/get-patient';
import { useArchivePatient } from '../../features/patients/api/save-patient';
import { AccessHistoryPanel } from '../../features/patients/components/access-history-panel';
import { CarePlanPanel } from '../../features/patients/components/care-plan-panel';
import { CcmBadges } from '../../features/patients/components/ccm-badges';
import { ClinicalDocumentPanel } from '../../features/patients/components/clinical-document-panel';
import { ConsentPanel } from '../../features/patients/components/consent-panel';
import { useSignedInUser } from '../../lib/session';
import { CareProgramPanel } from '../../features/patients/components/care-program-panel';
import { EditPatientModal } from '../../features/patients/components/edit-patient-modal';
import { FhirExportButton } from '../../features/patients/components/fhir-export-button';
import { InviteToEnroll } from '../../features/enrollment/components/invite-to-enroll';
import { birthLine, formatDay, patientName } from '../../features/patients/components/format.utils';
import { LANGUAGE_NAMES } from '../../../../shared/enrollment/patient-fields';
import { BillingPractitionerSelect } from '../../features/users/components/billing-practitioner-select';
import { Field } from '../../components/data/field';
import { formatMbi } from '../../../../shared/ccm/identifiers';
import { BackButton } from '../../components/layout/back-button';

interface PatientDetailProps {
  patientId: string;
  /** Back from a loaded patient: the organization's patients (employees) or the dashboard (providers). */
  back: (detail: PatientDetailResponse) => { href: string; label: string };
  /** Back from 'Patient Not Found', where the organization is unknown. */
  notFoundBack: { href: string; label: string };
  /** Web calls are made by the patient's own provider staff (product-rules.md "Calls"), not by operators. */
  webCalls?: boolean;
  /** 'Invite to enroll': the patient's own provider staff (the API refuses operators). */
  invitations?: boolean;
  /** The 'Access history' tab: operators only (the API refuses everyone else). */
  accessHistory?: boolean;
  /** The printable audit packet of a month: the practice's staff, on their own route. */
  auditPacket?: boolean;
}

/**
 * Patient detail for both roles (product-rules.md "Screens"): header, Edit Patient, call actions (phone, schedule, web,
 * call link), care plan and EMR notes, measurements, scheduled calls, call history and text messages.
 */
function PatientDetail({
  patientId,
  back,
  notFoundBack,
  webCalls = false,
  invitations = false,
  accessHistory = false,
  auditPacket = false,
}: PatientDetailProps) {
  const signedIn = useSignedInUser();
  const query = usePatient(patientId);
  // The care plan panel reads the same query: the Measurements' targets cost no request of their own.
  const carePlan = useCarePlan(patientId);
  // The care program panel reads the same query: whether the APCM log shows costs no request.
  const careProgram = useCareProgram(patientId);
  const archive = useArchivePatient(patientId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [calling, setCalling] = useState(false);
  const [scheduling, setScheduling] = useState(false);

  // A 404 wins even over cached data (the record was archived); other failures of a refetch keep
  // showing what was loaded.
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <MessagePage
        title="Patient Not Found"
        icon={<UserX size={28} />}
        actions={<BackButton to={notFoundBack.href}>{notFoundBack.label}</BackButton>}
      >
        This patient does not exist or is no longer available.
      </MessagePage>
    );
  }

  if (!query.data) {
    if (!query.isError) return <PageSpinner />;
    return (
      <PageShell title="Patient Details" actions={<BackButton to={notFoundBack.href}>{notFoundBack.label}</BackButton>}>
        <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
      </PageShell>
    );
  }

  const { patient, provider, outreach } = query.data;
  const name = patientName(patient);

  return (
    <PageShell
      title={name}
      description={provider.name}
      actions={
        <Group gap="sm">
          <BackButton to={back(query.data).href}>{back(query.data).label}</BackButton>
          <Button leftSection={<Pencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
            Edit Patient
          </Button>
          <Button
            variant="outline"
            color="red"
            leftSection={<Trash2 size={16} aria-hidden="true" />}
            onClick={() => setDeleting(true)}
          >
            Delete Patient
          </Button>
        </Group>
      }
    >
      <Card withBorder padding="lg" radius="md">
        <Stack gap="lg">
          <CcmBadges patient={patient} />
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="lg" m={0}>
            <Field label="Email">{patient.email}</Field>
            <Field label="Phone">{patient.phone_number ?? 'Not provided'}</Field>
            <Field label="MRN">{patient.mrn ?? 'Not provided'}</Field>
            <Field label="Medicare ID (MBI)">{patient.mbi ? formatMbi(patient.mbi) : 'Not provided'}</Field>
            <Field label="Date of Birth">
              {patient.date_of_birth
                ? birthLine(patient.date_of_birth, todayIn(provider.timezone, new Date()))
                : 'Not provided'}
            </Field>
            <Field label="Preferred Language">{LANGUAGE_NAMES[patient.preferred_language]}</Field>
            <Field label="Outreach">
              {outreach
                ? `Monthly from ${formatDay(outreach.first_outreach_date)}, ${TIME_PREFERENCE_LABELS[outreach.time_preference] ?? 'Not specified'}`
                : 'Not set up'}
              {outreach?.enabled && patient.consent.status !== 'accepted' && ` (${CCM_MESSAGES.checkInsAwaitConsent})`}
            </Field>
          </SimpleGrid>
          <Group gap="sm" role="group" aria-label="Calls">
            <Button
              leftSection={<Phone size={16} aria-hidden="true" />}
              aria-haspopup="dialog"
              onClick={() => setCalling(true)}
            >
              Make Call
            </Button>
            <Button
              variant="light"
              leftSection={<CalendarPlus size={16} aria-hidden="true" />}
              aria-haspopup="dialog"
              onClick={() => setScheduling(true)}
            >
              Schedule Call
            </Button>
            {webCalls && <WebCallButton patientId={patient.id} patientName={name} organizationName={provider.name} />}
            <CallLinkButton patientId={patient.id} patientName={name} phoneNumber={patient.phone_number} />
            <RevokeCallLinksButton patientId={patient.id} patientName={name} />
          </Group>
          {/* The care plan shared with the patient (issue 26): the practice's staff send it. */}
          {signedIn.role === 'provider' && (
            <Group gap="sm" role="group" aria-label="Care plan">
              <SendCarePlanButton
                patientId={patient.id}
                hasPhone={Boolean(patient.phone_number)}
                hasDateOfBirth={Boolean(patient.date_of_birth)}
                consentAccepted={patient.consent.status === 'accepted'}
                hasCarePlan={carePlan.data === undefined ? null : carePlan.data !== null}
              />
            </Group>
          )}
          {invitations && (
            <InviteToEnroll
              patientId={patient.id}
              patientName={name}
              stage={patient.enrollment_stage}
              hasPhone={Boolean(patient.phone_number)}
              timezone={provider.timezone}
              onInvited={() => void query.refetch()}
            />
          )}
          <Group gap="sm">
            <FhirExportButton patient={patient} />
            {auditPacket && (
              <Button component={Link} to={paths.provider.auditPacket.getHref(patient.id)} variant="default">
                Audit Packet
              </Button>
            )}
          </Group>
        </Stack>
      </Card>

      <CareTimePanel patientId={patient.id} timezone={provider.timezone} />

      <Tabs defaultValue="care-plan" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="care-plan">Care Plan</Tabs.Tab>
          <Tabs.Tab value="emr-notes">EMR Notes</Tabs.Tab>
          {accessHistory && <Tabs.Tab value="access-history">Access history</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="care-plan" pt="md">
          <CarePlanPanel patientId={patient.id} patientName={name} />
        </Tabs.Panel>
        <Tabs.Panel value="emr-notes" pt="md">
          <ClinicalDocumentPanel patientId={patient.id} kind="emr_notes" patientName={name} />
        </Tabs.Panel>
        {accessHistory && (
          <Tabs.Panel value="access-history" pt="md">
            <AccessHistoryPanel patientId={patient.id} />
          </Tabs.Panel>
        )}
      </Tabs>

      <ConsentPanel
        patientId={patient.id}
        patientName={name}
        timezone={provider.timezone}
        language={patient.preferred_language}
      />

      <CareProgramPanel patientId={patient.id} timezone={provider.timezone} canEdit={signedIn.role === 'provider'} />

      {/* The APCM monthly log matters to a patient billed under APCM (the program in force this month). */}
      {careProgram.data?.care_program.program === 'apcm' && (
        <ApcmLogPanel
          patientId={patient.id}
          timezone={provider.timezone}
          canEdit={signedIn.role === 'provider'}
          userId={signedIn.id}
        />
      )}

      <TransitionsSection
        patientId={patient.id}
        timezone={provider.timezone}
        canRecord={signedIn.role === 'provider'}
      />

      <MeasurementsSection patientId={patient.id} targets={carePlan.data?.targets ?? []} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PatientScheduledCalls patientId={patient.id} />
        <PatientCallHistory patientId={patient.id} />
      </SimpleGrid>

      <PatientTextsSection patientId={patient.id} firstName={patient.first_name} organizationName={provider.name} />

      <MakeCallModal
        opened={calling}
        onClose={() => setCalling(false)}
        patientId={patient.id}
        patientName={name}
        phoneNumber={patient.phone_number}
      />
      <ScheduleCallModal
        opened={scheduling}
        onClose={() => setScheduling(false)}
        patientId={patient.id}
        patientName={name}
        phoneNumber={patient.phone_number}
      />

      <EditPatientModal
        patient={patient}
        opened={editing}
        onClose={() => setEditing(false)}
        practitionerSelect={BillingPractitionerSelect}
      />
      <ConfirmDeleteModal
        opened={deleting}
        title="Delete Patient"
        mutation={archive}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          const target = back(query.data).href;
          archive.mutate(undefined, { onSuccess: () => void navigate(target) });
        }}
      >
        Are you sure you want to delete <strong>{name}</strong>? The patient leaves every list and count; their care
        plan, EMR notes and call records are kept.
      </ConfirmDeleteModal>
    </PageShell>
  );
}

/** `/admin/patients/{patientId}`: back goes to the organization's Patients tab. */
export function AdminPatientDetailPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientDetail
      key={patientId}
      patientId={patientId}
      back={({ provider }) => ({
        href: paths.admin.organization.getHref(provider.id, 'patients'),
        label: `Back to ${provider.name}`,
      })}
      notFoundBack={{ href: paths.admin.organizations.getHref(), label: 'Back to Providers' }}
      accessHistory
    />
  );
}

const PROVIDER_BACK = { href: paths.provider.dashboard.getHref(), label: 'Back to Dashboard' };

/** `/provider/patients/{patientId}`: back goes to the provider dashboard. */
export function ProviderPatientDetailPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientDetail
      key={patientId}
      patientId={patientId}
      back={() => PROVIDER_BACK}
      notFoundBack={PROVIDER_BACK}
      webCalls
      invitations
      auditPacket
    />
  );
}
