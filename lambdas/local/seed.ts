import type { AppDeps } from '../composition-root';
import type { Role } from '../../shared/roles';
import { DEFAULT_TIMEZONE } from '../../shared/domain';
import { DEMO_OPERATOR, DEMO_ORGANIZATIONS, DEMO_PASSWORD, demoPatients } from './demo-data';

const DAY = 24 * 3600 * 1000;

async function createAccount(
  deps: AppDeps,
  user: { email: string; firstName: string; lastName: string; phone?: string },
  role: Role,
  providerId: string | null,
  createdAt: string,
) {
  const id = await deps.identity.createUser({
    email: user.email,
    password: DEMO_PASSWORD,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    providerId,
  });
  await deps.profiles.create({
    id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phone ?? null,
    role,
    provider_id: providerId,
    assigned_at: providerId ? createdAt : null,
    notification_preferences:
      role === 'provider'
        ? { new_summaries: ['email'], escalations: ['email', 'sms'] }
        : { new_summaries: [], escalations: [] },
    created_at: createdAt,
    status: 'active',
  });
  return id;
}

/** Seeds the demo through the same repositories and identity adapter the API uses. */
export async function seedDemo(deps: AppDeps, patientsPerOrganization = 30): Promise<{ patients: number }> {
  const now = deps.clock.now().getTime();
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  await createAccount(deps, DEMO_OPERATOR, 'careloop_employee', null, iso(200));
  let patients = 0;
  for (const [orgIndex, org] of DEMO_ORGANIZATIONS.entries()) {
    const organizationId = deps.ids.newId();
    await deps.organizations.create(
      {
        id: organizationId,
        name: org.name,
        address: org.address,
        telephone: org.telephone,
        office_email: org.officeEmail,
        timezone: org.timezone ?? DEFAULT_TIMEZONE,
        created_at: iso(180 - orgIndex * 30),
        updated_at: iso(180 - orgIndex * 30),
        version: 1,
        status: 'active',
        patient_count: 0,
      },
      'seed',
    );
    for (const [i, staff] of org.staff.entries()) {
      await createAccount(deps, staff, 'provider', organizationId, iso(170 - orgIndex * 30 - i));
    }
    const author = org.staff[0].email;
    for (const p of demoPatients(orgIndex, patientsPerOrganization, org.telephone.slice(2, 5))) {
      const patientId = deps.ids.newId();
      const createdAt = iso(p.enrolledDaysAgo);
      await deps.patients.create(
        {
          id: patientId,
          provider_id: organizationId,
          first_name: p.firstName,
          last_name: p.lastName,
          email: p.email,
          phone_number: p.phone,
          created_at: createdAt,
          updated_at: createdAt,
          version: 1,
          status: 'active',
        },
        author,
        null,
      );
      for (const [kind, content] of [
        ['care_plan', p.carePlan],
        ['emr_notes', p.emrNotes],
      ] as const) {
        await deps.documents.create(kind, {
          id: deps.ids.newId(),
          patient_id: patientId,
          provider_id: organizationId,
          content,
          created_at: createdAt,
          updated_at: createdAt,
          creator: { email: author },
          updated_by: { email: author },
          version: 1,
        });
      }
      patients++;
    }
  }
  return { patients };
}
