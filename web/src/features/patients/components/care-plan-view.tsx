import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { medicationLine } from '../../../../../shared/care-plan';
import type { CarePlan } from '../../../../../shared/domain';
import { targetText } from '../../../../../shared/observations/rules';
import { documentUpdatedLine } from './format.utils';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const prose = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** What a saved care plan says: its conditions, goals, medications and texts, and who saved it when. */
export function CarePlanView({ plan }: { plan: CarePlan }) {
  const texts: [string, string][] = [
    ['Expected outcome and prognosis', plan.expected_outcome],
    ['Symptom management', plan.symptom_management],
    ['Interventions', plan.interventions],
    ['Note', plan.note],
  ];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {documentUpdatedLine(plan)}
      </Text>
      <Section title="Chronic conditions">
        {plan.conditions.length === 0 ? (
          <Text c="dimmed">None listed</Text>
        ) : (
          <List size="sm">
            {plan.conditions.map((c) => (
              <List.Item key={c.code}>
                {c.description} ({c.code})
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      {plan.goals.length > 0 && (
        <Section title="Measurable goals">
          <List size="sm">
            {plan.goals.map((goal, i) => (
              <List.Item key={`${i}-${goal}`}>{goal}</List.Item>
            ))}
          </List>
        </Section>
      )}
      {(plan.targets ?? []).length > 0 && (
        <Section title="Targets">
          <List size="sm">
            {(plan.targets ?? []).map((t) => (
              <List.Item key={t.measure}>{targetText(t)}</List.Item>
            ))}
          </List>
        </Section>
      )}
      {plan.medications.length > 0 && (
        <Section title="Medications">
          <List size="sm">
            {plan.medications.map((m, i) => (
              <List.Item key={`${i}-${m.name}`}>{medicationLine(m)}</List.Item>
            ))}
          </List>
        </Section>
      )}
      {texts
        .filter(([, body]) => body.trim() !== '')
        .map(([title, body]) => (
          <Section key={title} title={title}>
            <Text size="sm" style={prose}>
              {body}
            </Text>
          </Section>
        ))}
    </Stack>
  );
}
