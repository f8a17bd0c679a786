/** The audit route: a patient's access history, for operators. */
import { pageQuerySchema, patientPathSchema } from '../../validation';
import * as answers from '../answers';
import { exampleAccessHistoryEntry } from '../examples';
import { AUDIT_ROUTES } from '../routes/audit';
import { answer, page, type RouteContract } from './route';

export const AUDIT_CONTRACT = {
  accessHistory: {
    ...AUDIT_ROUTES.accessHistory,
    summary: 'Audit events about a patient, newest first (operators)',
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.accessHistoryAnswer, 'One page', page(exampleAccessHistoryEntry)) },
  },
} as const satisfies Record<string, RouteContract>;
