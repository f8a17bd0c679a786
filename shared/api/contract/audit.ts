/** The audit route: a patient's access history, for operators. */
import * as answers from '../answers';
import { exampleAccessHistoryEntry } from '../examples';
import { answer, page, type RouteContract } from './route';
import { AUDIT_ENDPOINTS } from '../endpoints/audit';

export const AUDIT_CONTRACT = {
  accessHistory: {
    ...AUDIT_ENDPOINTS.accessHistory,
    summary: 'Audit events about a patient, newest first (operators)',
    answers: { 200: answer(answers.accessHistoryAnswer, 'One page', page(exampleAccessHistoryEntry)) },
  },
} as const satisfies Record<string, RouteContract>;
