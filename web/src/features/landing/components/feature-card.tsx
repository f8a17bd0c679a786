import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Heading level inside the page outline (sections use h2, so cards default to h3). */
  order?: 3 | 4;
}

export function FeatureCard({ icon, title, children, order = 3 }: FeatureCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={order} fz="lg" mt="md">
        {title}
      </Title>
      <Text mt="xs" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
