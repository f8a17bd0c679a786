import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';
import { LegalPage, LegalSection } from '../components/legal-page';
import { ConsentStatement, EmergencyNotice, SmsEssentials } from '../components/legal-notices';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <Text>
        These terms govern the use of {COMPANY.name}, a service of {COMPANY.legalName}, by healthcare practices, their
        staff and the patients they enrol. By using {COMPANY.name} you agree to them.
      </Text>
      <EmergencyNotice />

      <LegalSection title="The service">
        <Text>
          {COMPANY.name} places check-in calls, sends text messages and documents each contact for a healthcare
          provider’s chronic care management program. The AI assistant does not diagnose or treat, and it does not
          replace your healthcare provider. Medical decisions remain with your provider.
        </Text>
      </LegalSection>

      <LegalSection title="Not for emergencies">
        <Text>
          Do not use {COMPANY.name} calls, links or text messages to report an emergency. In an emergency, call 911.
        </Text>
      </LegalSection>

      <LegalSection title="Enrolment and consent">
        <ConsentStatement />
      </LegalSection>

      <LegalSection title="Text messages">
        <SmsEssentials />
      </LegalSection>

      <LegalSection title="Accounts">
        <Text>
          Accounts for practice staff are created by {COMPANY.name} on request; contact{' '}
          <Anchor href={mailto(COMPANY.contactEmail)}>{COMPANY.contactEmail}</Anchor>. Keep your password private and
          tell us at once if you think someone else has used your account. You may use the service only for the patients
          of your own organization.
        </Text>
      </LegalSection>

      <LegalSection title="Fees">
        <Text>
          {COMPANY.name} is free for practices and patients. Practices share chronic care management revenue with{' '}
          {COMPANY.name} as set out in their agreement with us.
        </Text>
      </LegalSection>

      <LegalSection title="Privacy">
        <Text>
          Our{' '}
          <Anchor component={Link} to={paths.privacy.getHref()}>
            Privacy Policy
          </Anchor>{' '}
          explains how we handle information. Protected health information is handled under a business associate
          agreement with each practice.
        </Text>
      </LegalSection>

      <LegalSection title="Disclaimers and liability">
        <Text>
          The service is provided “as is”. To the extent the law allows, {COMPANY.legalName} is not liable for indirect
          or consequential damages, or for delays or failures caused by telephone carriers or other services outside our
          control.
        </Text>
      </LegalSection>

      <LegalSection title="Governing law">
        <Text>
          {COMPANY.legalName} is {COMPANY.incorporation}. These terms are governed by the laws of the State of Delaware.
        </Text>
      </LegalSection>

      <LegalSection title="Changes and contact">
        <Text>
          We may update these terms and will change the date above when we do. Questions:{' '}
          <Anchor href={mailto(COMPANY.supportEmail)}>{COMPANY.supportEmail}</Anchor>.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
