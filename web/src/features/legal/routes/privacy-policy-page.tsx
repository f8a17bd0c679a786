import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';
import { LegalPage, LegalSection } from '../components/legal-page';
import { ConsentStatement, EmergencyNotice, SmsEssentials } from '../components/legal-notices';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <Text>
        {COMPANY.legalName} (“{COMPANY.name}”, “we”) provides AI-assisted chronic care management to healthcare
        practices. This policy explains what information we handle, why, and the choices you have.
      </Text>
      <EmergencyNotice />

      <LegalSection title="Who this policy covers">
        <Text>
          It covers patients enrolled by their healthcare provider, the provider’s staff who use {COMPANY.name}, and
          visitors to our website. For patients, {COMPANY.name} acts as a business associate of your healthcare provider
          under HIPAA, and your protected health information is handled under a business associate agreement with that
          provider.
        </Text>
      </LegalSection>

      <LegalSection title="Information we collect">
        <List spacing="xs">
          <List.Item>Contact details: name, e-mail address and phone number.</List.Item>
          <List.Item>Care information your provider shares with us: care plans and EMR notes.</List.Item>
          <List.Item>
            Call and message records: times, durations, transcripts, summaries and escalation notes.
          </List.Item>
          <List.Item>Account and security records for provider staff, including sign-in and audit events.</List.Item>
        </List>
      </LegalSection>

      <LegalSection title="How we use it">
        <List spacing="xs">
          <List.Item>To place check-in calls and send reminders for your healthcare provider.</List.Item>
          <List.Item>To document each contact for chronic care management billing.</List.Item>
          <List.Item>To tell your care team about new summaries and anything that needs urgent attention.</List.Item>
          <List.Item>To keep the service secure and to meet our legal obligations.</List.Item>
        </List>
        <Text>We do not sell personal information and we do not use health information for advertising.</Text>
      </LegalSection>

      <LegalSection title="Consent">
        <ConsentStatement />
      </LegalSection>

      <LegalSection title="Text messages">
        <SmsEssentials />
        <Text>Your mobile number and text-messaging consent are never shared with third parties for marketing.</Text>
      </LegalSection>

      <LegalSection title="Sharing">
        <Text>
          We share information only with your healthcare provider, with service providers that help us run{' '}
          {COMPANY.name} under contracts that protect it (telephony, text messaging, e-mail and cloud hosting), and when
          the law requires it.
        </Text>
      </LegalSection>

      <LegalSection title="Security and retention">
        <Text>
          Information is encrypted in transit and at rest, access is limited by role and organization, and every read or
          change of patient data is recorded in an audit log. Clinical documentation is kept for at least six years, as
          health-care records rules require.
        </Text>
      </LegalSection>

      <LegalSection title="Your choices">
        <Text>
          You can ask your healthcare provider to see or correct your information, or to stop calls and messages at any
          time. Reply STOP to any text to stop text messages immediately.
        </Text>
      </LegalSection>

      <LegalSection title="Contact">
        <Text>
          Questions about this policy: <Anchor href={mailto(COMPANY.supportEmail)}>{COMPANY.supportEmail}</Anchor>, or
          see our{' '}
          <Anchor component={Link} to={paths.contact.getHref()}>
            Contact
          </Anchor>{' '}
          page.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
