import { Box, Stack, Text } from '@mantine/core';
import type { TranscriptTurn } from '../../../../shared/calls';
import { SPEAKER_LABELS } from '../../lib/call-format';

export interface TranscriptTurnsProps {
  turns: readonly TranscriptTurn[];
  /** The list's accessible name; left out where the region around it already names it. */
  'aria-label'?: string;
}

/** A call's transcript as an ordered list, turn by turn: Assistant / Patient, told apart by colour. */
export function TranscriptTurns({ turns, 'aria-label': ariaLabel }: TranscriptTurnsProps) {
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={ariaLabel}>
      {turns.map((turn, index) => (
        <Box
          key={index}
          component="li"
          p="sm"
          bg={turn.speaker === 'assistant' ? 'gray.0' : 'careloop.0'}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text size="sm" fw={700}>
            {SPEAKER_LABELS[turn.speaker]}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {turn.text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
