/**
 * The add-patient wizard's steps (details, consent, outreach), loaded when the wizard first opens:
 * they and their form code stay out of the dashboard's first load (add-patient-wizard.tsx).
 */
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { TIME_PREFERENCES, type TimePreference } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCreatePatient } from '../api/save-patient';
import { ConsentFields } from './consent-fields';
import { consentDefaults, toConsentPayload, validateConsent, type ConsentValues } from './consent.utils';
import { TIME_PREFERENCE_OPTIONS, outreachDefaults, validateOutreach, type OutreachValues } from './outreach.utils';
import { PatientFields } from './patient-fields';
import {
  EMPTY_PATIENT_FORM,
  toPatientPayload,
  validatePatientForm,
  type PatientFormValues,
} from './patient-form.utils';
import type { AddPatientWizardProps } from './add-patient-wizard-props';

type Step = 'details' | 'consent' | 'outreach';

const isTimePreference = (value: string): value is TimePreference =>
  (TIME_PREFERENCES as readonly string[]).includes(value);

export function AddPatientSteps({
  onClose,
  organizationId,
  timezone,
  onCreated,
}: Omit<AddPatientWizardProps, 'opened'>) {
  const create = useCreatePatient();
  const stepTitleId = useId();
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<PatientFormValues>(EMPTY_PATIENT_FORM);
  const [{ today, values: initialOutreach }] = useState(() => outreachDefaults(timezone, new Date()));
  const [outreach, setOutreach] = useState<OutreachValues>(initialOutreach);
  const [consent, setConsent] = useState<ConsentValues>(() => consentDefaults(today));
  const [error, setError] = useState<string | null>(null);

  const submit = (withOutreach: boolean) => {
    const invalid = withOutreach ? validateOutreach(outreach, today) : null;
    setError(invalid);
    if (invalid) return;
    const consentPayload = toConsentPayload(consent);
    create.mutate(
      {
        ...toPatientPayload(details),
        provider_id: organizationId,
        ...(withOutreach ? { outreach } : {}),
        ...(consentPayload ? { consent: consentPayload } : {}),
      },
      {
        onSuccess: ({ patient: created }) => {
          onCreated?.(created);
          onClose();
        },
        onError: (caught) => setError(caught.message),
      },
    );
  };

  if (step === 'details') {
    const onNext = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const invalid = validatePatientForm(details);
      setError(invalid);
      if (!invalid) setStep('consent');
    };
    return (
      <form noValidate onSubmit={onNext} aria-labelledby={stepTitleId}>
        <Stack gap="md">
          <Text id={stepTitleId} fw={600}>
            Step 1 of 3: Patient Details
          </Text>
          {error && <ErrorAlert message={error} />}
          <PatientFields values={details} onChange={setDetails} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </Group>
        </Stack>
      </form>
    );
  }

  if (step === 'consent') {
    const onNext = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const invalid = validateConsent(consent, today);
      setError(invalid);
      if (!invalid) setStep('outreach');
    };
    return (
      <form noValidate onSubmit={onNext} aria-labelledby={stepTitleId}>
        <Stack gap="md">
          <Text id={stepTitleId} fw={600}>
            Step 2 of 3: Consent
          </Text>
          <Text size="sm" c="dimmed">
            Monthly check-in calls start once the patient has accepted chronic care management. You can record consent
            later from the patient page.
          </Text>
          {error && <ErrorAlert message={error} />}
          <ConsentFields
            values={consent}
            onChange={setConsent}
            today={today}
            allowNotAsked
            language={details.preferred_language}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setError(null);
                setStep('details');
              }}
            >
              Back
            </Button>
            <Button type="submit">Next</Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby={stepTitleId}
      onSubmit={(event) => {
        event.preventDefault();
        submit(true);
      }}
    >
      <Stack gap="md">
        <Text id={stepTitleId} fw={600}>
          Step 3 of 3: Outreach Setup
        </Text>
        <Text size="sm" c="dimmed">
          CareLoop calls {details.first_name.trim() || 'the patient'} every month for a care-plan check-in, starting on
          the first outreach date at the start of the chosen time window ({timezone} time).
        </Text>
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="First Outreach Date"
          type="date"
          required
          withAsterisk={false}
          min={today}
          value={outreach.first_outreach_date}
          onChange={(event) => {
            const first_outreach_date = event.currentTarget.value;
            setOutreach((prev) => ({ ...prev, first_outreach_date }));
          }}
        />
        <Radio.Group
          label="Time Preference"
          required
          withAsterisk={false}
          value={outreach.time_preference}
          onChange={(value) => {
            if (isTimePreference(value)) setOutreach((prev) => ({ ...prev, time_preference: value }));
          }}
        >
          <Stack gap="xs" mt="xs">
            {TIME_PREFERENCE_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            disabled={create.isPending}
            onClick={() => {
              setError(null);
              setStep('consent');
            }}
          >
            Back
          </Button>
          <Group gap="sm">
            <Button variant="light" disabled={create.isPending} onClick={() => submit(false)}>
              Setup Later
            </Button>
            <Button type="submit" loading={create.isPending}>
              Schedule Outreach
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
