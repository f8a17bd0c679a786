import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { ClipboardList, Link2Off, RotateCcw } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
// The words only (no schemas): the page stays a small chunk of its own.
import {
  CARE_PLAN_PAGE_TEXTS,
  carePlanPageLanguageOf,
  type CarePlanPageTexts,
} from '../../../../shared/care-plan-link-texts';
import type { SharedCarePlan } from '../../../../shared/care-plan-link';
import type { PreferredLanguage } from '../../../../shared/enrollment/patient-fields';
import { Logo } from '../../components/layout/logo';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCarePlanLink, useOpenCarePlan } from '../../features/care-plan-link/api/open-care-plan-link';

/** How a refusal reads on the page: the link opens nothing, is locked, the date was wrong, or the request failed. */
type Refusal = 'invalid' | 'locked' | 'wrong' | 'failed';

function refusalOf(error: Error | null): Refusal | null {
  if (!error) return null;
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'failed';
  if (error.code === 'link.locked') return 'locked';
  if (error.code === 'link.wrong_date_of_birth' || error.code === 'request.invalid.date_of_birth') return 'wrong';
  return 'invalid';
}

/** A wrong date in the page's words: English keeps the server's (it names the tries left). */
const wrongText = (texts: CarePlanPageTexts, language: PreferredLanguage, error: Error | null) =>
  language === 'en' && error?.message ? error.message : texts.wrongDate;

function StateCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
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
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** `Lisinopril — 10 mg — once a day`, as shared/care-plan.ts writes it for staff (not imported: its rules would come along). */
const medicationLine = (m: SharedCarePlan['medications'][number]) =>
  [m.name, m.dose, m.instructions].filter((part) => part.trim() !== '').join(' — ');

const Paragraph = ({ text }: { text: string }) => <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>;

/** The plan as written, read-only: only the sections that have something in them. */
function CarePlanView({ plan, texts }: { plan: SharedCarePlan; texts: CarePlanPageTexts }) {
  const s = texts.sections;
  const sections = [
    plan.conditions.length > 0 && (
      <Section key="conditions" title={s.conditions}>
        <List>
          {plan.conditions.map((c) => (
            <List.Item key={c.code}>{c.description}</List.Item>
          ))}
        </List>
      </Section>
    ),
    plan.expected_outcome.trim() && (
      <Section key="outcome" title={s.expectedOutcome}>
        <Paragraph text={plan.expected_outcome} />
      </Section>
    ),
    plan.goals.length > 0 && (
      <Section key="goals" title={s.goals}>
        <List>
          {plan.goals.map((goal, i) => (
            <List.Item key={i}>{goal}</List.Item>
          ))}
        </List>
      </Section>
    ),
    plan.symptom_management.trim() && (
      <Section key="symptoms" title={s.symptoms}>
        <Paragraph text={plan.symptom_management} />
      </Section>
    ),
    plan.interventions.trim() && (
      <Section key="interventions" title={s.interventions}>
        <Paragraph text={plan.interventions} />
      </Section>
    ),
    plan.medications.length > 0 && (
      <Section key="medications" title={s.medications}>
        <List>
          {plan.medications.map((m, i) => (
            <List.Item key={i}>{medicationLine(m)}</List.Item>
          ))}
        </List>
      </Section>
    ),
    plan.note.trim() && (
      <Section key="note" title={s.note}>
        <Paragraph text={plan.note} />
      </Section>
    ),
  ].filter(Boolean);
  return sections.length > 0 ? <Stack gap="lg">{sections}</Stack> : <Text>{texts.empty}</Text>;
}

/**
 * `/care-plan/{token}` (issue 26; shared/care-plan-link.ts): the link a patient got by text to their
 * care plan. No sign-in. It shows the practice's name and asks for the date of birth; the right one
 * shows the care plan in force, read-only, with the practice's phone. Wrong dates say so; the fifth
 * locks the link. It speaks the patient's language: the link's `lang` until the answer names it.
 */
export function CarePlanLinkPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const info = useCarePlanLink(token);
  const opening = useOpenCarePlan(token);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const language = info.data?.language ?? carePlanPageLanguageOf(search.get('lang'));
  const texts = CARE_PLAN_PAGE_TEXTS[language];
  const shown = opening.data?.verified ? opening.data : null;
  const refusal = !token ? 'invalid' : (refusalOf(info.error) ?? refusalOf(opening.error));
  const view: 'loading' | 'ask' | 'plan' | Refusal = shown
    ? 'plan'
    : refusal === 'wrong'
      ? 'ask'
      : refusal === 'failed' && info.data
        ? 'ask'
        : (refusal ?? (info.isPending ? 'loading' : 'ask'));
  useDocumentTitle(view === 'invalid' ? texts.invalidTitle : texts.documentTitle);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateOfBirth) opening.mutate(dateOfBirth);
  };

  return (
    <Container size={640} py={{ base: 32, sm: 64 }} px="md" lang={language}>
      <Stack gap="xl">
        <Group justify="center">
          <Logo />
        </Group>
        <div aria-live="polite">
          {view === 'loading' ? (
            <Card withBorder radius="lg" padding="xl">
              <Stack align="center" gap="md">
                <Loader aria-hidden="true" />
                <Title order={1} size="h3" fw={500}>
                  {texts.loading}
                </Title>
              </Stack>
            </Card>
          ) : view === 'invalid' ? (
            <StateCard icon={<Link2Off size={32} />} color="red" title={texts.invalidTitle}>
              <Text>{texts.invalid}</Text>
            </StateCard>
          ) : view === 'locked' ? (
            <StateCard icon={<Link2Off size={32} />} color="red" title={texts.documentTitle}>
              <Text>{texts.locked}</Text>
            </StateCard>
          ) : view === 'failed' ? (
            <StateCard icon={<Link2Off size={32} />} color="orange" title={texts.documentTitle}>
              <Text>{texts.failed}</Text>
              <Button leftSection={<RotateCcw size={16} aria-hidden="true" />} onClick={() => void info.refetch()}>
                {texts.tryAgain}
              </Button>
            </StateCard>
          ) : view === 'plan' && shown?.care_plan ? (
            <Card withBorder radius="lg" padding="xl" shadow="sm">
              <Stack gap="lg">
                <Stack gap={4}>
                  <Title order={1} size="h2">
                    {texts.planTitle(shown.patient?.first_name ?? '')}
                  </Title>
                  <Text c="dimmed">
                    {shown.organization.name} ·{' '}
                    {texts.updated(
                      new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long' }).format(
                        new Date(shown.care_plan.updated_at),
                      ),
                    )}
                  </Text>
                </Stack>
                <CarePlanView plan={shown.care_plan} texts={texts} />
                <Alert color="blue" icon={<ClipboardList size={18} aria-hidden="true" />}>
                  {shown.organization.telephone
                    ? texts.questions(shown.organization.telephone)
                    : texts.questionsNoPhone}{' '}
                  {texts.emergency}
                </Alert>
              </Stack>
            </Card>
          ) : (
            <Card withBorder radius="lg" padding="xl" shadow="sm">
              <form onSubmit={submit} noValidate>
                <Stack gap="md">
                  <Title order={1} size="h2">
                    {texts.heading(info.data?.organization.name ?? '')}
                  </Title>
                  <Text>{texts.intro}</Text>
                  <TextInput
                    type="date"
                    label={texts.dateOfBirth}
                    value={dateOfBirth}
                    onChange={(event) => setDateOfBirth(event.currentTarget.value)}
                    required
                    autoComplete="bday"
                    error={refusal === 'wrong' ? wrongText(texts, language, opening.error) : undefined}
                  />
                  {refusal === 'failed' && <Alert color="red">{texts.failed}</Alert>}
                  <Button type="submit" loading={opening.isPending} disabled={!dateOfBirth}>
                    {opening.isPending ? texts.checking : texts.submit}
                  </Button>
                  <Text size="sm" c="dimmed">
                    {texts.emergency}
                  </Text>
                </Stack>
              </form>
            </Card>
          )}
        </div>
      </Stack>
    </Container>
  );
}
