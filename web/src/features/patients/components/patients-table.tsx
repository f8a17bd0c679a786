import { Button, Table } from '@mantine/core';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { Patient } from '../../../../../shared/domain';
import { NameCell } from '../../../components/table/name-cell';
import { formatDate } from '../../../lib/format-date';
import { CcmBadges } from './ccm-badges';
import { patientName } from './format.utils';

export interface PatientsTableProps {
  patients: Patient[];
  /** Where each row's View button goes (the admin or the provider patient page). */
  viewHref: (patientId: string) => string;
}

/**
 * An organization's patients: name and e-mail, CCM consent and eligibility, phone, added date and
 * View (phone and date from 768 px).
 */
export function PatientsTable({ patients, viewHref }: PatientsTableProps) {
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Patient</Table.Th>
          <Table.Th scope="col">CCM</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Phone
          </Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Added
          </Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {patients.map((patient) => {
          const name = patientName(patient);
          return (
            <Table.Tr key={patient.id}>
              <NameCell name={name} email={patient.email} />
              <Table.Td>
                <CcmBadges patient={patient} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{patient.phone_number ?? '—'}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(patient.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={viewHref(patient.id)}
                  size="xs"
                  variant="light"
                  leftSection={<Eye size={14} aria-hidden="true" />}
                  aria-label={`View ${name}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
