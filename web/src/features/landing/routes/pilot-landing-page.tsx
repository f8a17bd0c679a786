import { Blockquote, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  ArrowDown,
  HeartHandshake,
  Link2,
  Mail,
  MessageSquareText,
  PhoneCall,
  Stethoscope,
  TrendingUp,
} from 'lucide-react';
import { COMPANY, mailto } from '../../../config/company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHydrated } from '../../../lib/use-hydrated';
import { FeatureCard } from '../components/feature-card';
import { LandingSection } from '../components/landing-section';
import { StepList, type Step } from '../components/step-list';

const PILOT_SECTION_ID = 'join-pilot';
const PILOT_SIGN_UP_HREF = mailto(COMPANY.contactEmail, 'Join the CareLoop pilot program');

const STEPS: readonly Step[] = [
  {
    title: 'Your provider enrols you',
    body: 'Your doctor’s office adds you to the program once you agree, in writing or by phone.',
  },
  {
    title: 'CareLoop checks in',
    body: 'Once a month our friendly voice assistant calls at the time you prefer. The day before, a text reminds you who will call and when.',
  },
  {
    title: 'Your care team stays informed',
    body: 'After each call your provider receives a summary, and anything urgent is flagged for them right away.',
  },
];

const CORE_FEATURES = [
  {
    icon: <Stethoscope size={22} />,
    title: 'Provider enrolment',
    body: 'Your own healthcare provider enrols you and sets your care plan. CareLoop works for them, and for you.',
  },
  {
    icon: <MessageSquareText size={22} />,
    title: 'SMS reminders',
    body: 'A text reminder the day before each check-in call, in English or Spanish, up to 5 messages per month. Reply STOP (or ALTO) at any time.',
  },
  {
    icon: <TrendingUp size={22} />,
    title: 'Better outcomes',
    body: 'Regular check-ins catch problems early and help you stay on track with your care plan between visits.',
  },
  {
    icon: <Link2 size={22} />,
    title: 'Magic links',
    body: 'Start a call yourself, whenever it suits you, from a secure link sent by text.',
  },
  {
    icon: <PhoneCall size={22} />,
    title: 'Scheduled or instant calls',
    body: 'Calls arrive at the time of day you prefer, or right away when your care team asks.',
  },
  {
    icon: <HeartHandshake size={22} />,
    title: 'A human when it matters',
    body: 'Every call is summarised for your care team, and urgent concerns are escalated to your doctor.',
  },
] as const;

/** Landing variant 2 (`/old`): the patient-facing pilot page. */
export function PilotLandingPage() {
  useDocumentTitle('Join our pilot program');
  const reduceMotion = useReducedMotion();
  // Prerendered: the button scrolls only once the app runs.
  const hydrated = useHydrated();

  const scrollToPilot = () => {
    const section = document.getElementById(PILOT_SECTION_ID);
    section?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users land where the page scrolled to.
    document.getElementById(`${PILOT_SECTION_ID}-heading`)?.focus({ preventScroll: true });
  };

  return (
    <>
      <Box component="section" aria-labelledby="pilot-hero-heading" py={{ base: 56, sm: 96 }} bg="careloop.0">
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Title order={1} id="pilot-hero-heading" fz={{ base: 36, sm: 52 }} lh={1.1}>
              Care that keeps in touch, between every visit
            </Title>
            <Text size="xl">
              {COMPANY.name} helps your healthcare provider check in with you every month by phone and text, so small
              problems are caught before they become big ones.
            </Text>
            <Group>
              <Button
                size="lg"
                disabled={!hydrated}
                onClick={scrollToPilot}
                rightSection={<ArrowDown size={18} aria-hidden="true" />}
              >
                Get Started Today
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <LandingSection
        id="how-it-works"
        title="How It Works"
        intro="Three simple steps, with your care team at every one."
      >
        <StepList steps={STEPS} />
      </LandingSection>

      <LandingSection id="core-features" title="Core Features" tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {CORE_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} icon={feature.icon} title={feature.title}>
              {feature.body}
            </FeatureCard>
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection id="our-story" title="Why we built CareLoop">
        <Stack gap="md" maw={760}>
          <Text>
            Our founder spent years watching a parent manage diabetes and heart failure between appointments that were
            months apart. The care plan was good; what was missing was someone checking in, every month, asking how
            things were really going, and telling the doctor when something changed.
          </Text>
          <Blockquote color="careloop" cite="— CareLoop founder">
            Practices want to make those calls. They simply do not have the hours. CareLoop gives every patient a
            monthly conversation and every doctor the summary.
          </Blockquote>
        </Stack>
      </LandingSection>

      <LandingSection
        id={PILOT_SECTION_ID}
        title="Join our pilot program"
        intro="We are enrolling a small number of practices and their patients. Send us an e-mail and we will be in touch within two business days."
        tinted
      >
        <Group gap="sm">
          <Button component="a" href={PILOT_SIGN_UP_HREF} size="lg" leftSection={<Mail size={18} aria-hidden="true" />}>
            Sign up by email
          </Button>
          <Text>
            or write to <strong>{COMPANY.contactEmail}</strong>
          </Text>
        </Group>
      </LandingSection>
    </>
  );
}
