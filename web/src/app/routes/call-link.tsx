import { Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Clock, Home, Link2Off, PhoneIncoming, PhoneOff, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CALL_LINK_PAGE_TEXTS, callLinkLanguageOf } from '../../../../shared/call-link';
import { Logo } from '../../components/layout/logo';
import { COMPANY } from '../../config/company';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStartLinkCall } from '../../features/call-link/api/start-link-call';
import { callLinkLanguage, callLinkView } from './call-link.utils';

function HomeButton({ label }: { label: string }) {
  return (
    <Button
      component={Link}
      to={paths.home.getHref()}
      variant="default"
      leftSection={<Home size={16} aria-hidden="true" />}
    >
      {label}
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
 * It speaks the patient's language: the link's `lang` until the answer names it (DECISIONS "Languages").
 */
export function CallLinkPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const query = useStartLinkCall(token);
  const result = {
    token,
    isPending: query.isPending,
    data: query.data,
    error: query.error,
    language: callLinkLanguageOf(search.get('lang')),
  };
  const view = callLinkView(result);
  const language = callLinkLanguage(result);
  const texts = CALL_LINK_PAGE_TEXTS[language];
  const callingTitle = texts.callingTitle(COMPANY.name);
  useDocumentTitle(
    view.state === 'calling'
      ? callingTitle
      : view.state === 'validating'
        ? texts.documentTitle
        : view.state === 'call-failed'
          ? texts.callFailedTitle
          : view.state === 'outside-hours'
            ? texts.hoursTitle
            : texts.invalidTitle,
  );

  return (
    <Container size={480} py={{ base: 32, sm: 64 }} px="md" lang={language}>
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
                  {texts.validating}
                </Title>
              </Stack>
            </Card>
          ) : view.state === 'calling' ? (
            <ResultCard icon={<PhoneIncoming size={32} />} color="careloop" title={callingTitle}>
              <Stack gap="xs">
                <Text size="lg">{texts.answerPhone}</Text>
                {view.onItsWay && <Text>{texts.onItsWay}</Text>}
              </Stack>
              <Text size="sm" c="dimmed">
                {texts.emergencyNote}
              </Text>
            </ResultCard>
          ) : view.state === 'outside-hours' ? (
            <ResultCard
              icon={<Clock size={32} />}
              color="blue"
              title={texts.hoursTitle}
              actions={<HomeButton label={texts.goHome} />}
            >
              <Stack gap="xs">
                <Text size="lg">{texts.hours}</Text>
                <Text>
                  {texts.noCall}
                  {view.opensAt && ` ${texts.openAgain(view.opensAt)}`}
                </Text>
              </Stack>
              <Text size="sm" c="dimmed">
                {texts.emergencyNote}
              </Text>
            </ResultCard>
          ) : view.state === 'call-failed' ? (
            <ResultCard
              icon={<PhoneOff size={32} />}
              color="orange"
              title={texts.callFailedTitle}
              actions={
                <Group justify="center" gap="sm">
                  <Button
                    leftSection={<RotateCcw size={16} aria-hidden="true" />}
                    onClick={() => void query.refetch()}
                    loading={query.isFetching}
                  >
                    {texts.tryAgain}
                  </Button>
                  <HomeButton label={texts.goHome} />
                </Group>
              }
            >
              <Text>{view.message}</Text>
              <Text size="sm" c="dimmed">
                {texts.emergencyNote}
              </Text>
            </ResultCard>
          ) : (
            <ResultCard
              icon={<Link2Off size={32} />}
              color="red"
              title={texts.invalidTitle}
              actions={<HomeButton label={texts.goHome} />}
            >
              <Text>{view.message}</Text>
            </ResultCard>
          )}
        </div>
      </Stack>
    </Container>
  );
}
