import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';
import { LegalPage, LegalSection } from '../components/legal-page';
import { ConsentStatement, EmergencyNotice, SmsEssentials } from '../components/legal-notices';

export function SmsPolicyPage() {
  return (
    <LegalPage title="SMS Policy">
      <Text>
        This policy describes the text messages {COMPANY.legalName} (“{COMPANY.name}”, “we”) sends on behalf of
        healthcare providers to patients enrolled in their chronic care management program.
      </Text>
      <EmergencyNotice />

      <LegalSection title="Consent">
        <ConsentStatement />
        <Text>
          By giving consent you agree to receive calls and text messages from {COMPANY.name} about your care on behalf
          of your healthcare provider.
        </Text>
      </LegalSection>

      <LegalSection title="What we send">
        <List spacing="xs">
          <List.Item>
            A reminder the day before each scheduled check-in call (or right away when a call is booked less than a day
            ahead), saying who will call and when
          </List.Item>
          <List.Item>Monthly care-plan check-ins</List.Item>
          <List.Item>Replies to your callback requests</List.Item>
          <List.Item>Secure links that let you start a call with our care assistant</List.Item>
        </List>
        <Text>
          Messages are in your preferred language, English or Spanish, as your healthcare provider records it. Reminders
          count toward the monthly number of messages, and none are sent once you opt out.
        </Text>
        <Text>We never send marketing or promotional messages.</Text>
      </LegalSection>

      <LegalSection title="Message frequency">
        <SmsEssentials withPolicyLink={false} />
      </LegalSection>

      <LegalSection title="Opting out and getting help">
        <List spacing="xs">
          <List.Item>
            Reply <strong>STOP</strong> (or STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT) to stop all text messages. We
            send one message to confirm, and nothing after that.
          </List.Item>
          <List.Item>
            In Spanish, reply <strong>ALTO</strong> (or PARAR, CANCELAR or BAJA) to stop, and <strong>AYUDA</strong> for
            help.
          </List.Item>
          <List.Item>
            Reply <strong>START</strong> to receive messages again.
          </List.Item>
          <List.Item>
            Reply <strong>HELP</strong> for help, or e-mail{' '}
            <Anchor href={mailto(COMPANY.supportEmail)}>{COMPANY.supportEmail}</Anchor>.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Carriers">
        <Text>
          Mobile carriers are not liable for delayed or undelivered messages. Message and data rates from your carrier
          may apply.
        </Text>
      </LegalSection>

      <LegalSection title="Privacy">
        <Text>
          We do not sell or share your mobile number or your text-messaging consent with anyone for marketing. Read how
          we protect your information in our{' '}
          <Anchor component={Link} to={paths.privacy.getHref()}>
            Privacy Policy
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
