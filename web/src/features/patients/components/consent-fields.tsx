import { Checkbox, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  CONSENT_DISCLOSURES,
  CONSENT_DISCLOSURE_LABELS,
  CONSENT_METHODS,
  CONSENT_METHOD_LABELS,
  CONSENT_SCRIPT,
  CONSENT_STATUSES,
  CONSENT_STATUS_LABELS,
  type ConsentDisclosure,
  type ConsentMethod,
  type ConsentStatus,
} from '../../../../../shared/consent';
import { LANGUAGE_NAMES, type PreferredLanguage } from '../../../../../shared/enrollment/patient-fields';
import type { ConsentValues } from './consent.utils';

export interface ConsentFieldsProps {
  values: ConsentValues;
  onChange: (values: ConsentValues) => void;
  /** Today in the organization's time zone: the latest date consent can carry. */
  today: string;
  /** The wizard offers "Not asked yet"; recording a change never does. */
  allowNotAsked?: boolean;
  /** The patient's language: the script staff read aloud is in it (default English). */
  language?: PreferredLanguage;
}

/**
 * The disclosures as staff read them aloud, in the patient's language; a script in another language
 * than English shows what each sentence means beneath it, for the staff member reading it.
 */
function ConsentScript({ language }: { language: PreferredLanguage }) {
  const title = `Read aloud to the patient (${LANGUAGE_NAMES[language]})`;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text fw={500} size="sm">
        {title}
      </Text>
      {CONSENT_DISCLOSURES.map((disclosure) => (
        <div key={disclosure}>
          <Text size="sm" lang={language}>
            {CONSENT_SCRIPT[language][disclosure]}
          </Text>
          {language !== 'en' && (
            <Text size="xs" c="dimmed">
              {CONSENT_SCRIPT.en[disclosure]}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** CCM consent (product-rules.md "Care management (CCM)"): status, date, method and the four disclosures. */
export function ConsentFields({ values, onChange, today, allowNotAsked = false, language = 'en' }: ConsentFieldsProps) {
  const statuses = CONSENT_STATUSES.filter((s) => allowNotAsked || s !== 'not_asked');
  const asked = values.status !== 'not_asked';
  return (
    <Stack gap="md">
      <ConsentScript language={language} />
      <Radio.Group
        label="Consent to chronic care management"
        value={values.status}
        onChange={(value) => {
          if (isOneOf<ConsentStatus>(CONSENT_STATUSES, value)) onChange({ ...values, status: value });
        }}
      >
        <Stack gap="xs" mt="xs">
          {statuses.map((status) => (
            <Radio key={status} value={status} label={CONSENT_STATUS_LABELS[status]} />
          ))}
        </Stack>
      </Radio.Group>
      {asked && (
        <>
          <TextInput
            label="Date"
            type="date"
            max={today}
            value={values.date}
            onChange={(event) => onChange({ ...values, date: event.currentTarget.value })}
          />
          <Radio.Group
            label="Method"
            value={values.method}
            onChange={(value) => {
              if (isOneOf<ConsentMethod>(CONSENT_METHODS, value)) onChange({ ...values, method: value });
            }}
          >
            <Stack gap="xs" mt="xs">
              {CONSENT_METHODS.map((method) => (
                <Radio key={method} value={method} label={CONSENT_METHOD_LABELS[method]} />
              ))}
            </Stack>
          </Radio.Group>
        </>
      )}
      {values.status === 'accepted' && (
        <Checkbox.Group
          label="The patient was told"
          value={values.disclosures}
          onChange={(chosen) =>
            onChange({
              ...values,
              disclosures: chosen.filter((d): d is ConsentDisclosure => isOneOf(CONSENT_DISCLOSURES, d)),
            })
          }
        >
          <Stack gap="xs" mt="xs">
            {CONSENT_DISCLOSURES.map((disclosure) => (
              <Checkbox key={disclosure} value={disclosure} label={CONSENT_DISCLOSURE_LABELS[disclosure]} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
