import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY } from '../../config/company';
import { paths } from '../../config/paths';

const FOOTER_LINKS = [
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Privacy Policy', href: paths.privacy.getHref() },
  { label: 'Terms of Service', href: paths.terms.getHref() },
  { label: 'SMS Policy', href: paths.smsPolicy.getHref() },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
    >
      <Container size="lg">
        <Stack gap="sm">
          <Box component="nav" aria-label="Footer">
            <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <Anchor component={Link} to={link.href} size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Box>
          <Text size="sm" c="dimmed">
            © {year} {COMPANY.legalName} All rights reserved.
          </Text>
          <Text size="sm" c="dimmed">
            {COMPANY.legalName} is {COMPANY.incorporation}. AI-assisted chronic care management for healthcare
            practices.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
