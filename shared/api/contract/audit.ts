/** The audit route: a patient's access history, for operators. */
import { pageQuerySchema, patientPathSchema } from '../../validation';
import * as answers from '../answers';
import { exampleAccessHistoryEntry } from '../examples';
import { answer, page, type RouteContract } from './route';

export const AUDIT_CONTRACT = {
  'GET /patients/{patientId}/access-history': {
    summary: 'Audit events about a patient, newest first (operators)',
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.accessHistoryAnswer, 'One page', page(exampleAccessHistoryEntry)) },
  },
} as const satisfies Record<string, RouteContract>;
