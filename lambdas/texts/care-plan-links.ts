/**
 * The care plan shared with the patient (issue 26; shared/care-plan-link.ts): the practice's staff
 * text the patient a link to their care plan, and the patient opens it with their date of birth.
 *
 * Sending is a text like every other (texts.ts): the practice's own sender, one of the patient's
 * month's texts and a slot of the practice's day, never to an opted-out number, kept in the
 * patient's text history (kind `care_plan`, without the link: a link is a credential). Staff send it
 * themselves, as they send check-in texts, so no calling-hours rule holds it back (only CareLoop's own
 * reminders wait for the hours). It needs what the page needs: a phone, accepted consent, the date of
 * birth the patient will be asked for, and a care plan.
 *
 * Opening shows nothing but the practice's name before the right date of birth. Every token that
 * opens nothing (unknown, expired, malformed, a patient or practice gone) gets the same answer, like
 * call links'. Wrong dates count on the link; the fifth locks it for good.
 */
import {
  CARE_PLAN_LINK_MAX_WRONG,
  CARE_PLAN_TEXTS,
  carePlanLinkUrl,
  type CarePlanLinkResponse,
  type SendCarePlanLinkResponse,
} from '../../shared/care-plan-link';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import { TEXT_FOOTER_BY_LANGUAGE } from '../../shared/texts';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor, type PatientLookup } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { fail, wrongDateOfBirth } from '../kernel/error-catalogue';
import { createLink, resolveLink } from '../kernel/links';
import type { Clock } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import { wrongDatePlan } from './care-plan-link-plans';
import type { CallLinkRepository, CarePlanDocuments, SmsSender, TextOrganizations } from './ports';
import { refusalError, sendReserved } from './text-sending';
import { canonicalPhone, outboundText, reserveStaffText, staffName, type TextDeps } from './texts';

export interface SendCarePlanLinkDeps extends TextDeps {
  sms: SmsSender;
  documents: CarePlanDocuments;
  /** The web app's origin, for the link. */
  webOrigin: string;
  /** Where Twilio posts delivery statuses (`twilioStatus`). */
  statusCallbackUrl: string;
}

/**
 * Texts the patient a link to their care plan, in their language. Refused in words: no phone, no
 * date of birth, consent not accepted, no care plan, no sender; then like any text (opted out, the
 * month's texts or the practice's day used up, Twilio's refusal).
 */
export async function sendCarePlanLink(
  deps: SendCarePlanLinkDeps,
  actor: Actor,
  patientId: string,
): Promise<SendCarePlanLinkResponse> {
  return audited(deps.audit, actor, 'care_plan.share', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw fail('textNoPhone');
    if (!patient.date_of_birth) throw fail('carePlanLinkNoDateOfBirth');
    if (patient.consent?.status !== 'accepted') throw fail('carePlanLinkNoConsent');
    if (!(await deps.documents.get('care_plan', patient.id))) throw fail('carePlanMissing');
    // Never the deployment's shared sender: replies to a shared number cannot tell practices apart.
    const sender = organization.sms_sender;
    if (!sender) throw fail('textNoSender');
    const language = patient.preferred_language ?? DEFAULT_LANGUAGE;
    const phone = canonicalPhone(patient.phone_number);
    const now = deps.clock.now();
    const month = monthIn(organization.timezone, now);
    const words = CARE_PLAN_TEXTS[language](patient.first_name, organization.name);
    const text = outboundText(
      {
        patientId: patient.id,
        providerId: organization.id,
        kind: 'care_plan',
        body: words,
        includedCallLink: false,
        month,
        sentBy: actor.userId,
        sentByName: await staffName(deps, actor),
      },
      now,
    );
    await reserveStaffText(deps, organization, text, phone);

    let expires = '';
    // The link is made as the text is sent: a link that cannot be made refuses the text.
    const body = async () => {
      const link = await createLink(deps, {
        kind: 'care_plan',
        organizationId: organization.id,
        patientId: patient.id,
        callLogId: null,
        createdBy: actor.userId,
      });
      expires = link.expires;
      const url = carePlanLinkUrl(deps.webOrigin, link.token, language);
      return [words, url, TEXT_FOOTER_BY_LANGUAGE[language]].join('\n\n');
    };
    const key = { patientId: patient.id, id: text.id };
    const { refusal } = await sendReserved(deps, { key, month, to: phone, sender, body });
    if (refusal) throw refusalError(refusal);
    return { message_id: text.id, expires };
  });
}

export interface OpenCarePlanLinkDeps {
  links: CallLinkRepository;
  patients: PatientLookup;
  organizations: Pick<TextOrganizations, 'get'>;
  documents: CarePlanDocuments;
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
}

const invalidLink = () => fail('carePlanLinkInvalid');

/** The audit trail's actor for what a link does: the patient holding it, known by the link alone. */
const linkActor = (organizationId: string): Actor => ({
  userId: 'care-plan-link',
  email: '',
  role: null,
  providerId: organizationId,
});

/**
 * Opens a care plan link. Without a date of birth: the practice's name and the page's language.
 * With the patient's: the care plan in force, their first name and the practice's phone. With
 * another: one try fewer, in words; the fifth wrong one, and every try after it, answers locked.
 */
export async function openCarePlanLink(
  deps: OpenCarePlanLinkDeps,
  token: string,
  dateOfBirth: string | undefined,
): Promise<CarePlanLinkResponse> {
  const link = await resolveLink(deps, token, 'care_plan');
  if (!link) throw invalidLink();
  const action = dateOfBirth === undefined ? 'care_plan_link.open' : 'care_plan.read_by_link';
  return audited(
    deps.audit,
    linkActor(link.organizationId),
    action,
    { type: 'patient', id: link.patientId },
    async () => {
      const [patient, organization] = await Promise.all([
        deps.patients.get(link.patientId),
        deps.organizations.get(link.organizationId),
      ]);
      if (
        !patient ||
        patient.status !== 'active' ||
        patient.provider_id !== link.organizationId ||
        !organization ||
        organization.status !== 'active' ||
        !patient.date_of_birth
      ) {
        throw invalidLink();
      }
      const tries = link.wrongAttempts ?? 0;
      if (tries >= CARE_PLAN_LINK_MAX_WRONG) throw fail('carePlanLinkLocked');
      const language = patient.preferred_language ?? DEFAULT_LANGUAGE;
      if (dateOfBirth === undefined) return { verified: false, language, organization: { name: organization.name } };
      if (dateOfBirth !== patient.date_of_birth) {
        if ((await deps.committer.commit(wrongDatePlan(link.tokenHash))) !== 'committed')
          throw fail('carePlanLinkLocked');
        const left = CARE_PLAN_LINK_MAX_WRONG - tries - 1;
        throw left > 0 ? wrongDateOfBirth(left) : fail('carePlanLinkLocked');
      }
      const doc = await deps.documents.get('care_plan', patient.id);
      // The plan was there when the link was sent; a link to a plan that is gone opens nothing.
      if (!doc) throw invalidLink();
      return {
        verified: true,
        language,
        organization: { name: organization.name, telephone: organization.telephone ?? null },
        patient: { first_name: patient.first_name },
        care_plan: {
          ...(doc.plan ?? EMPTY_CARE_PLAN),
          note: doc.content,
          version: doc.version,
          updated_at: doc.updated_at,
        },
      };
    },
  );
}
