import { Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Clock, Home, Link2Off, PhoneIncoming, PhoneOff, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CALL_LINK_HOURS_MESSAGES } from '../../../../shared/call-link';
import { CALL_LINK_MESSAGES } from '../../../../shared/texts';
import { Logo } from '../../components/layout/logo';
import { COMPANY } from '../../config/company';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStartLinkCall } from '../../features/call-link/api/start-link-call';
import { callLinkView } from './call-link.utils';

export const CALL_FAILED_TITLE = 'Call Not Placed';
export const EMERGENCY_NOTE = 'If this is an emergency, call 911.';

function HomeButton() {
  return (
    <Button
      component={Link}
      to={paths.home.getHref()}
      variant="default"
      leftSection={<Home size={16} aria-hidden="true" />}
    >
      {CALL_LINK_MESSAGES.goHome}
    </Button>
  );
}

function ResultCard({
  icon,
  color,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        {actions}
      </Stack>
    </Card>
  );
}

/**
 * `/call/{token}` (product-rules.md "Screens"): the link a patient got by text. Opening it validates
 * the link and has the assistant call the patient now (once per 15 minutes per patient, during the
 * calling hours: outside them the page says when calls can be placed). No sign-in,
 * and nothing about the patient is shown: whoever holds the link sees only whether a call is coming.
 */
export function CallLinkPage() {
  const { token = '' } = useParams();
  const query = useStartLinkCall(token);
  const view = callLinkView({ token, isPending: query.isPending, data: query.data, error: query.error });
  const callingTitle = `${COMPANY.name} ${CALL_LINK_MESSAGES.callingTitleSuffix}`;
  useDocumentTitle(
    view.state === 'calling'
      ? callingTitle
      : view.state === 'validating'
        ? 'Your call link'
        : view.state === 'call-failed'
          ? CALL_FAILED_TITLE
          : view.state === 'outside-hours'
            ? CALL_LINK_HOURS_MESSAGES.title
            : CALL_LINK_MESSAGES.invalidTitle,
  );

  return (
    <Container size={480} py={{ base: 32, sm: 64 }} px="md">
      <Stack gap="xl">
        <Group justify="center">
          <Logo />
        </Group>
        {/* One live region for every state, so each change is announced (not only the first). */}
        <div aria-live="polite">
          {view.state === 'validating' ? (
            <Card withBorder radius="lg" padding="xl">
              <Stack align="center" gap="md">
                <Loader aria-hidden="true" />
                <Title order={1} size="h3" fw={500}>
                  {CALL_LINK_MESSAGES.validating}
                </Title>
              </Stack>
            </Card>
          ) : view.state === 'calling' ? (
            <ResultCard icon={<PhoneIncoming size={32} />} color="careloop" title={callingTitle}>
              <Stack gap="xs">
                <Text size="lg">{CALL_LINK_MESSAGES.answerPhone}</Text>
                {view.onItsWay && <Text>{CALL_LINK_MESSAGES.onItsWay}</Text>}
              </Stack>
              <Text size="sm" c="dimmed">
                {EMERGENCY_NOTE}
              </Text>
            </ResultCard>
          ) : view.state === 'outside-hours' ? (
            <ResultCard
              icon={<Clock size={32} />}
              color="blue"
              title={CALL_LINK_HOURS_MESSAGES.title}
              actions={<HomeButton />}
            >
              <Stack gap="xs">
                <Text size="lg">{CALL_LINK_HOURS_MESSAGES.hours}</Text>
                <Text>
                  {CALL_LINK_HOURS_MESSAGES.noCall}
                  {view.opensAt && ` ${CALL_LINK_HOURS_MESSAGES.openAgain(view.opensAt)}`}
                </Text>
              </Stack>
              <Text size="sm" c="dimmed">
                {EMERGENCY_NOTE}
              </Text>
            </ResultCard>
          ) : view.state === 'call-failed' ? (
            <ResultCard
              icon={<PhoneOff size={32} />}
              color="orange"
              title={CALL_FAILED_TITLE}
              actions={
                <Group justify="center" gap="sm">
                  <Button
                    leftSection={<RotateCcw size={16} aria-hidden="true" />}
                    onClick={() => void query.refetch()}
                    loading={query.isFetching}
                  >
                    Try Again
                  </Button>
                  <HomeButton />
                </Group>
              }
            >
              <Text>{view.message}</Text>
              <Text size="sm" c="dimmed">
                {EMERGENCY_NOTE}
              </Text>
            </ResultCard>
          ) : (
            <ResultCard
              icon={<Link2Off size={32} />}
              color="red"
              title={CALL_LINK_MESSAGES.invalidTitle}
              actions={<HomeButton />}
            >
              <Text>{view.message}</Text>
            </ResultCard>
          )}
        </div>
      </Stack>
    </Container>
  );
}
