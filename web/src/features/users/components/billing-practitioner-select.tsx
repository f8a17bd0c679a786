import { NativeSelect } from '@mantine/core';
import { useEffect } from 'react';
import { useOrganizationUsers } from '../api/get-organization-users';

/**
 * The one practitioner who bills CCM for the patient: a provider user of the organization whose care
 * role is billing practitioner (product-rules.md "Care management (CCM)"; the API checks it too).
 */
export function BillingPractitionerSelect({
  organizationId,
  value,
  onChange,
}: {
  organizationId: string;
  value: string;
  onChange: (userId: string) => void;
}) {
  const users = useOrganizationUsers(organizationId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = users;
  // The choice needs every practitioner: the remaining pages load one after the other.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const practitioners = (users.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (u) => u.care_role === 'billing_practitioner',
  );
  const loading = users.isPending || hasNextPage;
  const data = [
    { value: '', label: loading ? 'Loading practitioners...' : 'None' },
    ...practitioners.map((u) => ({ value: u.id, label: u.full_name || u.email })),
  ];
  return (
    <NativeSelect
      label="Billing practitioner"
      description={
        users.isError ? users.error.message : 'The one practitioner who bills care management for this patient'
      }
      error={users.isError ? true : undefined}
      disabled={loading}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
