import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Building2, Mail, MapPin, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { COMPANY, mailto } from '../../../config/company';
import { LegalPage } from '../components/legal-page';
import { EmergencyNotice } from '../components/legal-notices';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          <span aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 8 }}>
            {icon}
          </span>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function ContactPage() {
  return (
    <LegalPage title="Contact Us" dated={false}>
      <Text size="lg">We would love to hear from you. Here is how to reach {COMPANY.name}.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ContactCard icon={<Mail size={20} />} title="Email">
          <Text>
            Support: <Anchor href={mailto(COMPANY.supportEmail)}>{COMPANY.supportEmail}</Anchor>
          </Text>
          <Text>
            Practices and partnerships: <Anchor href={mailto(COMPANY.contactEmail)}>{COMPANY.contactEmail}</Anchor>
          </Text>
        </ContactCard>
        <ContactCard icon={<MapPin size={20} />} title="Mailing address">
          <Text component="address" style={{ fontStyle: 'normal' }}>
            {COMPANY.mailingAddress.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </Text>
        </ContactCard>
        <ContactCard icon={<MessageSquareText size={20} />} title="SMS support">
          <Text>
            Reply <strong>HELP</strong> to any {COMPANY.name} text message for help.
          </Text>
          <Text>
            Reply <strong>STOP</strong> to opt out of text messages at any time.
          </Text>
        </ContactCard>
        <ContactCard icon={<Building2 size={20} />} title="Business information">
          <Text>
            {COMPANY.legalName} is {COMPANY.incorporation}.
          </Text>
          <Text>AI-assisted chronic care management for healthcare practices.</Text>
        </ContactCard>
      </SimpleGrid>
      <EmergencyNotice />
    </LegalPage>
  );
}
