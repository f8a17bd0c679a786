import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { CalendarDays, Info, Siren, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { SummaryLinkResponse } from '../../../../../shared/summary-link';
import { Field } from '../../../components/data/field';
import { TranscriptTurns } from '../../../components/data/transcript-turns';
import { formatDuration } from '../../../lib/call-format';
import {
  escalationLook,
  formatDateTime,
  fullName,
  outcomeBadge,
  summaryText,
  type EscalationIcon,
  type EscalationLook,
} from './call-summary.utils';

const ICONS: Record<EscalationIcon, LucideIcon> = {
  siren: Siren,
  warning: TriangleAlert,
  calendar: CalendarDays,
  info: Info,
};

const WRAP = { overflowWrap: 'anywhere' } as const;

interface CardProps extends PaperProps {
  title: string;
  /** Beside the title, e.g. the transcript toggle. */
  aside?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}

/** A titled card, a region named by its heading. */
function Card({ title, aside, icon, children, ...paper }: CardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" {...paper}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A description list of labelled values. */
function Fields({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" gap="sm" m={0}>
      {children}
    </Stack>
  );
}

/** Every card of the Call Summary page (product-rules.md "Screens"), in its order. */
export function CallSummaryCards({ data }: { data: SummaryLinkResponse }) {
  const { callLog, patient, provider } = data;
  const escalation = escalationLook(callLog.escalationLevel);
  return (
    <Stack gap="md">
      <CallInformationCard callLog={callLog} />
      {escalation && <EscalationCard look={escalation} note={callLog.noteToDoctor} />}
      {(patient || provider) && (
        <SimpleGrid cols={{ base: 1, sm: patient && provider ? 2 : 1 }} spacing="md">
          {patient && (
            <Card title="Patient Information">
              <Fields>
                <Field label="Name">{fullName(patient)}</Field>
                {patient.email && <Field label="Email">{patient.email}</Field>}
                {patient.phone_number && <Field label="Phone">{patient.phone_number}</Field>}
              </Fields>
            </Card>
          )}
          {provider && (
            <Card title="Healthcare Provider">
              <Fields>
                <Field label="Practice Name">{provider.name}</Field>
                {provider.phone && <Field label="Phone">{provider.phone}</Field>}
                {provider.email && <Field label="Email">{provider.email}</Field>}
                {provider.address && <Field label="Address">{provider.address}</Field>}
              </Fields>
            </Card>
          )}
        </SimpleGrid>
      )}
      <Card title="Call Summary">
        <Text style={{ whiteSpace: 'pre-wrap', ...WRAP }}>{summaryText(callLog.summary)}</Text>
      </Card>
      {callLog.transcript.length > 0 && <TranscriptCard turns={callLog.transcript} />}
    </Stack>
  );
}

function CallInformationCard({ callLog }: { callLog: SummaryLinkResponse['callLog'] }) {
  const outcome = outcomeBadge(callLog.successEvaluation);
  return (
    <Card
      title="Call Information"
      aside={
        <Group gap="xs">
          <Badge color={outcome.color} variant="light">
            {outcome.label}
          </Badge>
          <Badge color="gray" variant="outline">
            Call Summary
          </Badge>
        </Group>
      }
    >
      <Fields>
        <Field label="Created">{formatDateTime(callLog.createdAt)}</Field>
        {callLog.duration !== null && <Field label="Duration">{formatDuration(callLog.duration)}</Field>}
      </Fields>
    </Card>
  );
}

function EscalationCard({ look, note }: { look: EscalationLook; note: string | null }) {
  const Icon = ICONS[look.icon];
  return (
    <Card
      title="Escalation Assessment"
      icon={<Icon size={20} aria-hidden="true" color={`var(--mantine-color-${look.color}-8)`} />}
      aside={
        <Badge color={look.color} variant="light">
          {look.level}
        </Badge>
      }
      bg={`${look.color}.0`}
      style={{ borderLeftWidth: 4, borderLeftColor: `var(--mantine-color-${look.color}-6)` }}
    >
      {note?.trim() && (
        <Text style={WRAP}>
          <Text span fw={700}>
            Note to Doctor:
          </Text>{' '}
          {note}
        </Text>
      )}
    </Card>
  );
}

/** 'Show Transcript' / 'Hide Transcript'; hidden by default; scrolls in a box of at most 24rem. */
function TranscriptCard({ turns }: { turns: SummaryLinkResponse['callLog']['transcript'] }) {
  const [shown, setShown] = useState(false);
  const boxId = useId();
  return (
    <Card
      title="Call Transcript"
      aside={
        <Button
          variant="light"
          size="xs"
          aria-expanded={shown}
          aria-controls={boxId}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide Transcript' : 'Show Transcript'}
        </Button>
      }
    >
      <Box
        id={boxId}
        hidden={!shown}
        role="region"
        aria-label="Transcript"
        tabIndex={shown ? 0 : -1}
        mah="24rem"
        style={{ overflowY: 'auto' }}
      >
        {shown && <TranscriptTurns turns={turns} />}
      </Box>
    </Card>
  );
}
