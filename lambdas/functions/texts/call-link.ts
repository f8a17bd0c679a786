import { linkPathSchema } from '../../../shared/validation';
import { openCallLink } from '../../texts/call-links';
import { tableDeps, vapiDeps } from '../../composition-root';
import { ok } from '../../platform/http';
import { defineLinkFunction } from '../../platform/link-handler';
import { parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { TEXTS } from '../../texts/spec';

/**
 * The patient's call link (/call/{token}): a valid link places a call to its patient (once per
 * patient per 15 minutes, during the calling hours in the practice's time zone).
 */
export const handler = defineLinkFunction(
  apiFunction(TEXTS, 'call-link'),
  {
    startLinkCall: async ({ deps, params }) => ok(await openCallLink(deps, parsePath(linkPathSchema, params).token)),
  },
  () => ({ ...tableDeps(), ...vapiDeps() }),
);
