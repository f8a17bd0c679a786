import { Button, Card, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PROGRAMS, type Program } from '../../../../../shared/ccm/programs';
import { PROGRAM_LABELS, careProgramRequestSchema, type CareProgram } from '../../../../../shared/care-program';
import { todayIn } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCarePlan } from '../api/care-plan';
import { useCareProgram, useSaveCareProgram } from '../api/care-program';

export interface CareProgramPanelProps {
  patientId: string;
  /** The organization's time zone: its today is the latest QMB check date. */
  timezone: string;
  /** Provider staff change the program and QMB status; operators read. */
  canEdit: boolean;
}

const qmbText = (qmb: CareProgram['qmb']) =>
  qmb ? `${qmb.status ? 'Yes' : 'No'}, checked ${qmb.checked_on}` : 'Not checked';

const checkText = (check: CareProgram['qmb_history'][number]) =>
  `${check.status ? 'Yes' : 'No'}, checked ${check.checked_on}` +
  (check.set_by_name ? `, recorded by ${check.set_by_name}` : '');

/** The patient's care-management program (a change takes effect next month), QMB status and the checks behind it. */
export function CareProgramPanel({ patientId, timezone, canEdit }: CareProgramPanelProps) {
  const query = useCareProgram(patientId);
  const carePlan = useCarePlan(patientId);
  const save = useSaveCareProgram(patientId);
  const [program, setProgram] = useState<Program | ''>('');
  const [condition, setCondition] = useState('');
  const [qmb, setQmb] = useState<'' | 'yes' | 'no'>('');
  const [checkedOn, setCheckedOn] = useState(() => todayIn(timezone, new Date()));
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingId = `care-program-heading-${patientId}`;
  const current = query.data?.care_program;
  const conditions = carePlan.data?.conditions ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = careProgramRequestSchema.safeParse({
      ...(program ? { program, pcm_condition: program === 'pcm' ? condition || null : null } : {}),
      ...(qmb ? { qmb: { status: qmb === 'yes', checked_on: checkedOn } } : {}),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setProgram('');
        setQmb('');
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Care program
        </Title>
        {query.isError && <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />}
        {current && (
          <Stack gap={2}>
            <Text size="sm">
              This month: <strong>{PROGRAM_LABELS[current.program]}</strong>
              {current.pcm_condition ? ` (${current.pcm_condition})` : ''}
            </Text>
            {current.next && (
              <Text size="sm">
                From {current.next.from}: <strong>{PROGRAM_LABELS[current.next.program]}</strong>
                {current.next.pcm_condition ? ` (${current.next.pcm_condition})` : ''}, set by{' '}
                {current.next.set_by_name}
              </Text>
            )}
            <Text size="sm">Qualified Medicare Beneficiary: {qmbText(current.qmb)}</Text>
            {current.qmb_history.length > 1 && (
              <>
                <Text size="sm" id={`${headingId}-qmb`}>
                  QMB checks (each month is billed with the check made by its end):
                </Text>
                <List size="sm" aria-labelledby={`${headingId}-qmb`}>
                  {current.qmb_history.map((check, i) => (
                    <List.Item key={`${check.checked_on}-${check.set_at ?? i}`}>{checkText(check)}</List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        )}
        {canEdit && current && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Group align="flex-end" gap="sm">
                <NativeSelect
                  label="Program from next month"
                  value={program}
                  onChange={(e) => setProgram(e.currentTarget.value as Program | '')}
                  data={[
                    { value: '', label: 'No change' },
                    ...PROGRAMS.map((p) => ({ value: p, label: PROGRAM_LABELS[p] })),
                  ]}
                />
                {program === 'pcm' && (
                  <NativeSelect
                    label="Condition managed under PCM"
                    value={condition}
                    onChange={(e) => setCondition(e.currentTarget.value)}
                    data={[
                      { value: '', label: 'Choose a condition' },
                      ...conditions.map((c) => ({ value: c.code, label: `${c.code} ${c.description}` })),
                    ]}
                  />
                )}
                <NativeSelect
                  label="QMB status"
                  value={qmb}
                  onChange={(e) => setQmb(e.currentTarget.value as '' | 'yes' | 'no')}
                  data={[
                    { value: '', label: 'No change' },
                    { value: 'yes', label: 'Yes' },
                    { value: 'no', label: 'No' },
                  ]}
                />
                {qmb && (
                  <TextInput
                    type="date"
                    label="Checked on"
                    value={checkedOn}
                    onChange={(e) => setCheckedOn(e.currentTarget.value)}
                  />
                )}
                <Button type="submit" loading={save.isPending} disabled={!program && !qmb}>
                  Save
                </Button>
              </Group>
              {(invalid ?? save.isError) && <ErrorAlert message={invalid ?? save.error?.message ?? ''} />}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
