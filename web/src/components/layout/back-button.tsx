import { Button } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link back to where a screen was opened from ('Back to Dashboard'), styled as a button. */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<ArrowLeft size={16} aria-hidden="true" />}>
      {children}
    </Button>
  );
}
