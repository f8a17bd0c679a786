import { Card, Group, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './stat-tile.module.css';

export interface StatTileProps {
  label: string;
  /** Undefined while the totals load. */
  value: number | undefined;
  icon: ReactNode;
  /** A short line under the value, e.g. where the items counted are found. */
  hint?: string;
  /** A tile that opens a screen… */
  href?: string;
  /** …or one that opens a modal. */
  onClick?: () => void;
}

function TileBody({ label, value, icon, hint }: Pick<StatTileProps, 'label' | 'value' | 'icon' | 'hint'>) {
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={32} width={56} mt={6} aria-hidden="true" />
          ) : (
            <Text fz={30} fw={700} lh={1.3}>
              {value.toLocaleString('en-US')}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** One dashboard total; the whole tile is the link or button, named by its label and value. */
export function StatTile({ href, onClick, ...body }: StatTileProps) {
  if (href) {
    return (
      <Link to={href} className={classes.action}>
        <TileBody {...body} />
      </Link>
    );
  }
  if (onClick) {
    return (
      <UnstyledButton onClick={onClick} className={classes.action} aria-haspopup="dialog">
        <TileBody {...body} />
      </UnstyledButton>
    );
  }
  return <TileBody {...body} />;
}
