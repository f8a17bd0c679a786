export function patientCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'patient' : 'patients'}`;
}
