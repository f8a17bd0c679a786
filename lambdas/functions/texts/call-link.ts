import { dial } from '../../calls/call-placing';
import { openCallLink } from '../../texts/call-links';
import { openCarePlanLink } from '../../texts/care-plan-links';
import type { LinkCallDialer } from '../../texts/ports';
import { tableDeps, vapiDeps } from '../../composition-root';
import { readCallLines } from '../../kernel/env';
import { ok } from '../../platform/http';
import { defineLinkFunction } from '../../platform/link-handler';
import { apiFunction } from '../../kernel/spec';
import { TEXTS } from '../../texts/spec';

/**
 * The patient's links. The call link (/call/{token}): a valid link places a call to its patient (once
 * per patient per 15 minutes, during the calling hours in the practice's time zone). The care plan
 * link (/care-plan/{token}): the care plan in force, once the date of birth is right.
 */
export const handler = defineLinkFunction(
  apiFunction(TEXTS, 'call-link'),
  {
    startLinkCall: async ({ deps, path }) => ok(await openCallLink(deps, path.token)),
    openCarePlanLink: async ({ deps, path, body }) => ok(await openCarePlanLink(deps, path.token, body.date_of_birth)),
  },
  () => {
    const deps = { ...tableDeps(), ...vapiDeps(), callLines: readCallLines() };
    // Calls place the call a link opened, with the deployment's voice platform and assistant.
    const dialer: LinkCallDialer = { dial: (log, patient, organization) => dial(deps, log, patient, organization) };
    return { ...deps, dialer };
  },
);
