/** The provider dashboard lists the first 5 patients; 'View All n Patients' shows the rest. */
export const DASHBOARD_PATIENTS = 5;

export function visiblePatients<T>(patients: readonly T[], expanded: boolean): T[] {
  return expanded ? [...patients] : patients.slice(0, DASHBOARD_PATIENTS);
}

export function showViewAllPatients(count: number, expanded: boolean): boolean {
  return !expanded && count > DASHBOARD_PATIENTS;
}
