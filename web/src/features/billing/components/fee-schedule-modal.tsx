import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CARE_CODES, type CareCode } from '../../../../../shared/ccm/rates';
import { FEE_SCHEDULE_MESSAGES, feeScheduleRequestSchema } from '../../../../../shared/care-program';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useFeeSchedule, useSaveFeeSchedule } from '../api/fee-schedule';

export interface FeeScheduleModalProps {
  organizationId: string;
  opened: boolean;
  /** Operators and the practice's billing practitioners change the rates; others read them. */
  canEdit: boolean;
  onClose: () => void;
}

/** The practice's fee schedule: US$ per code, which prices the report's expected payments and hints. */
export function FeeScheduleModal({ organizationId, opened, canEdit, onClose }: FeeScheduleModalProps) {
  const fees = useFeeSchedule(organizationId);
  const save = useSaveFeeSchedule(organizationId);
  const [edits, setEdits] = useState<Partial<Record<CareCode, number | string>>>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const rates = fees.data?.fee_schedule.rates;
  const valueOf = (code: CareCode) => edits[code] ?? rates?.[code] ?? '';

  const submit = () => {
    const body = { rates: Object.fromEntries(CARE_CODES.map((code) => [code, valueOf(code)])) };
    const parsed = feeScheduleRequestSchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(FEE_SCHEDULE_MESSAGES.rateInvalid);
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setEdits({});
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Fee schedule" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {fees.data?.fee_schedule.custom
            ? 'Your practice’s rates, in US$ per unit.'
            : `Approximate national average Medicare payments (${fees.data?.fee_schedule.year ?? ''}), in US$ per unit, until your practice sets its own.`}
        </Text>
        {fees.isError && <ErrorAlert message={fees.error.message} onRetry={() => void fees.refetch()} />}
        {(invalid ?? save.isError) && <ErrorAlert message={invalid ?? save.error?.message ?? ''} />}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {CARE_CODES.map((code) => (
            <NumberInput
              key={code}
              label={code}
              prefix="$"
              min={0}
              max={10000}
              decimalScale={2}
              value={valueOf(code)}
              readOnly={!canEdit}
              disabled={!rates}
              onChange={(value) => setEdits((current) => ({ ...current, [code]: value }))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {canEdit && (
            <Button onClick={submit} loading={save.isPending} disabled={!rates}>
              Save rates
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
