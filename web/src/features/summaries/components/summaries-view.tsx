import { Badge, Button, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SUMMARY_TABS, SUMMARY_TAB_LABELS, type SummaryTab } from '../../../../../shared/values/summaries';
import type { SummaryItem } from '../../../../../shared/summaries';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageShell } from '../../../components/layout/page-shell';
import { useSummaries } from '../api/get-summaries';
import { SummaryDetailModal } from './summary-detail-modal';
import { SummaryList } from './summary-list';
import {
  currentMonth,
  emptyText,
  isTabDisabled,
  monthOptions,
  neighbours,
  patientNameOf,
  resolveTab,
  visibleTabs,
} from './summaries.utils';
import { BackButton } from '../../../components/layout/back-button';

export interface SummariesViewProps {
  description?: ReactNode;
  /** Where the back button goes: the operator's or the provider staff's dashboard. */
  back: { href: string; label: string };
  /** Told which summary the detail shows, each time it shows another (the review time offer). */
  onSummaryShown?: (summary: { callId: string; patientId: string; patientName: string }) => void;
  /** Told when the detail closes. */
  onSummaryClosed?: () => void;
  /** Shown above the month filter (the review time offer). */
  notice?: ReactNode;
}

/** The open summary and where it was in the list when last seen there. */
interface OpenSummary {
  summary: SummaryItem;
  index: number;
}

/**
 * `/admin/summaries` and `/provider/summaries` (product-rules.md "Screens"): a month filter, tabs with counts, the
 * list of the chosen tab and a detail modal. The server scopes the summaries to the signed-in
 * user (every organization for operators, their own for provider staff).
 */
export function SummariesView({ description, back, onSummaryShown, onSummaryClosed, notice }: SummariesViewProps) {
  const [searchParams] = useSearchParams();
  // This month is the server's (the organization's, in its time zone; UTC for operators): asked for
  // as '', named by its answer. The earlier months count back from it, not from the browser's, which
  // differs on the evening a month ends.
  const [thisMonth, setThisMonth] = useState(() => currentMonth(new Date()));
  const options = useMemo(() => monthOptions(thisMonth), [thisMonth]);
  // A link may open a tab of a month (the dashboard's worklist: `?tab=Emergent&month=all`).
  const [month, setMonth] = useState(() => {
    const asked = searchParams.get('month');
    return asked && asked !== thisMonth && options.some((o) => o.value === asked) ? asked : '';
  });
  const [selectedTab, setSelectedTab] = useState<SummaryTab>(() => {
    const asked = searchParams.get('tab');
    return SUMMARY_TABS.find((t) => t === asked) ?? 'requires_followup';
  });
  const [open, setOpen] = useState<OpenSummary | null>(null);
  const [modalOpened, setModalOpened] = useState(false);

  const query = useSummaries(month, selectedTab);
  const counts = query.data?.pages[0]?.counts;
  const answeredMonth = query.isPlaceholderData ? undefined : query.data?.pages[0]?.month;
  if (month === '' && answeredMonth && answeredMonth !== thisMonth) setThisMonth(answeredMonth);
  // product-rules.md "Summaries, escalations and notifications": a tab with no entries gives way to the first tab that has some.
  const tab = resolveTab(selectedTab, counts);
  if (tab !== selectedTab) setSelectedTab(tab);

  const summaries = query.isPlaceholderData ? [] : (query.data?.pages.flatMap((page) => page.summaries) ?? []);
  const ids = summaries.map((summary) => summary.call_id);
  const around = open ? neighbours(ids, open.summary.call_id, open.index) : null;
  const show = (index: number) => {
    const summary = summaries[index]!;
    setOpen({ summary, index });
    onSummaryShown?.({ callId: summary.call_id, patientId: summary.patient_id, patientName: patientNameOf(summary) });
  };
  const goTo = (index: number | null) => (index === null ? undefined : () => show(index));

  return (
    <PageShell
      title="Call Summaries"
      description={description}
      actions={<BackButton to={back.href}>{back.label}</BackButton>}
    >
      {notice}

      <NativeSelect
        label="Month"
        data={options}
        value={month || thisMonth}
        onChange={(event) => setMonth(event.currentTarget.value === thisMonth ? '' : event.currentTarget.value)}
        maw={240}
      />

      <Tabs value={tab} onChange={(value) => value && setSelectedTab(value as SummaryTab)} keepMounted={false}>
        <Tabs.List>
          {visibleTabs(counts, tab).map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              disabled={isTabDisabled(value, tab, counts)}
              rightSection={
                counts && (
                  <Badge size="sm" variant={value === tab ? 'filled' : 'light'} color="gray" circle={false}>
                    {counts[value]}
                  </Badge>
                )
              }
            >
              {SUMMARY_TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          {query.isError && !query.isFetchingNextPage && (
            <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
          )}
          {query.isPending || query.isPlaceholderData ? (
            <Text c="dimmed" role="status">
              Loading summaries...
            </Text>
          ) : query.data ? (
            <Stack gap="md">
              <SummaryList
                summaries={summaries}
                emptyText={emptyText(tab)}
                onOpen={(index) => {
                  show(index);
                  setModalOpened(true);
                }}
              />
              {query.hasNextPage && (
                <Group justify="center">
                  <Button
                    variant="default"
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    Load more
                  </Button>
                </Group>
              )}
            </Stack>
          ) : null}
        </Tabs.Panel>
      </Tabs>

      <SummaryDetailModal
        opened={modalOpened}
        summary={open?.summary ?? null}
        position={{ index: around?.position ?? null, total: ids.length }}
        onPrevious={goTo(around?.previous ?? null)}
        onNext={goTo(around?.next ?? null)}
        onClose={() => {
          setModalOpened(false);
          onSummaryClosed?.();
        }}
      />
    </PageShell>
  );
}
