import { Anchor, Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  BellRing,
  ClipboardCheck,
  FileText,
  Link2,
  Mail,
  MessageSquareText,
  PhoneCall,
  ShieldCheck,
  Siren,
} from 'lucide-react';
import { COMPANY, mailto } from '../../../config/company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FeatureCard } from '../components/feature-card';
import { LandingSection } from '../components/landing-section';
import { StepList, type Step } from '../components/step-list';

const CONTACT_HREF = mailto(COMPANY.contactEmail, 'CareLoop for my practice');
const DEMO_HREF = mailto(COMPANY.contactEmail, 'CareLoop demo request');

const STEPS: readonly Step[] = [
  {
    title: 'Enrolment',
    body: 'Enrol eligible chronic care patients with a signed consent form or verbal consent. Add their care plans and EMR notes once; CareLoop takes it from there.',
  },
  {
    title: 'AI outreach',
    body: 'Our voice assistant calls each patient for a monthly care-plan check-in, sends SMS reminders, and answers callback requests, on a schedule or instantly.',
  },
  {
    title: 'Revenue recognition',
    body: 'Every contact is documented with its time, transcript and summary, ready for Medicare and Medicaid chronic care management (CCM) billing.',
  },
];

const FEATURES = [
  {
    icon: <PhoneCall size={22} />,
    title: 'Monthly check-in calls',
    body: 'Natural voice conversations that follow each patient’s care plan, scheduled at the time of day they prefer.',
  },
  {
    icon: <Siren size={22} />,
    title: 'Escalation assessment',
    body: 'Every completed call is rated Emergent, Urgent, Elective or Normal, with a note to the doctor when something needs attention.',
  },
  {
    icon: <MessageSquareText size={22} />,
    title: 'SMS reminders',
    body: 'Friendly reminders and check-ins by text, with STOP and HELP honoured automatically.',
  },
  {
    icon: <Link2 size={22} />,
    title: 'Patient-initiated calls',
    body: 'Patients start a call whenever it suits them from a secure magic link.',
  },
  {
    icon: <FileText size={22} />,
    title: 'Billing-ready summaries',
    body: 'Call summaries your team can review, mark successful and add to the EMR in a click.',
  },
  {
    icon: <BellRing size={22} />,
    title: 'Alerts that reach you',
    body: 'New summaries and escalations by e-mail, text or call, following each team member’s preferences.',
  },
] as const;

const NUMBERS = [
  { value: '$40-60', label: 'per patient per month in CCM reimbursement' },
  { value: '20 minutes', label: 'minimum CCM contact documented each month' },
  { value: '24/7', label: 'monitoring of patient check-ins and escalations' },
  { value: 'HIPAA', label: 'compliant, with audit trails for every record' },
  { value: 'SOC 2', label: 'certified security controls' },
  { value: 'Free', label: 'for practices and patients, with a revenue-share model' },
] as const;

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-heading" py={{ base: 56, sm: 96 }} bg="careloop.0">
      <Container size="lg">
        <Stack gap="lg" maw={760}>
          <Text fw={700} c="careloop.9" tt="uppercase" size="sm">
            AI-assisted chronic care management
          </Text>
          <Title order={1} id="hero-heading" fz={{ base: 40, sm: 56 }} lh={1.1}>
            Healthcare reimagined
          </Title>
          <Text size="xl">
            {COMPANY.name}’s AI care assistant phones, texts and checks in with your chronic care patients every month,
            documents each contact for CCM billing, and tells your team who needs attention.
          </Text>
          <Group gap="sm">
            <Button component="a" href={CONTACT_HREF} size="lg" leftSection={<Mail size={18} aria-hidden="true" />}>
              Contact us
            </Button>
            <Button component="a" href={DEMO_HREF} size="lg" variant="default">
              Request a demo
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

/** Landing variant 1 (`/`): provider-facing. */
export function LandingPage() {
  useDocumentTitle('CareLoop');
  return (
    <>
      <Hero />

      <LandingSection
        id="how-it-works"
        title="How It Works"
        intro="From enrolment to reimbursement in three steps, without adding work for your staff."
      >
        <StepList steps={STEPS} />
      </LandingSection>

      <LandingSection id="features" title="Features" intro="Everything a CCM program needs, in one place." tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} icon={feature.icon} title={feature.title}>
              {feature.body}
            </FeatureCard>
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection id="numbers" title="By the numbers">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" m={0}>
          {NUMBERS.map((item) => (
            <Paper key={item.value} withBorder radius="md" p="lg">
              <Text component="dt" fz={32} fw={800} c="careloop.9" lh={1.2}>
                {item.value}
              </Text>
              <Text component="dd" m={0} mt={4}>
                {item.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection id="practice-economics" title="Practice economics" tinted>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <Text>
              Medicare and Medicaid reimburse chronic care management at roughly $40-60 per patient per month for at
              least 20 minutes of documented care-management contact. Most practices leave that revenue on the table
              because the calls take staff time they do not have.
            </Text>
            <Text>
              {COMPANY.name} is free for practices: no setup fee and no subscription. We share in the CCM revenue we
              help you recognise, so we only succeed when your program does.
            </Text>
          </Stack>
          <Paper withBorder radius="md" p="lg">
            <Title order={3} fz="lg">
              Example: 500 enrolled patients
            </Title>
            <List mt="sm" spacing="xs" icon={<ClipboardCheck size={18} aria-hidden="true" />}>
              <List.Item>500 patients × $40-60 per month</List.Item>
              <List.Item>$20,000-30,000 in monthly CCM reimbursement</List.Item>
              <List.Item>$240,000-360,000 a year, with no new hires</List.Item>
            </List>
          </Paper>
        </SimpleGrid>
      </LandingSection>

      <LandingSection id="about" title="About CareLoop">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Text>
            {COMPANY.name} was founded to make chronic care management possible for every practice, not just the ones
            with a dedicated care-management team. We combine a careful AI voice assistant with clinical oversight: your
            providers stay in charge of every care plan and every escalation.
          </Text>
          <List spacing="sm" icon={<ShieldCheck size={18} aria-hidden="true" />}>
            <List.Item>HIPAA compliant, SOC 2 certified</List.Item>
            <List.Item>Consent recorded for every enrolled patient</List.Item>
            <List.Item>Documentation kept for six years</List.Item>
            <List.Item>Calls at the hours your patients choose</List.Item>
          </List>
        </SimpleGrid>
      </LandingSection>

      <LandingSection
        id="get-started"
        title="Bring CCM to your practice"
        intro="Tell us about your practice and we will show you what CareLoop can do for your patients."
        tinted
      >
        <Group gap="sm">
          <Button component="a" href={CONTACT_HREF} size="lg" leftSection={<Mail size={18} aria-hidden="true" />}>
            Email {COMPANY.contactEmail}
          </Button>
          <Anchor href={DEMO_HREF} fw={600}>
            Or request a demo
          </Anchor>
        </Group>
      </LandingSection>
    </>
  );
}
