/** The audit route: a patient's access history, for operators. */
import { pageQuerySchema, patientPathSchema } from '../../validation';
import * as answers from '../answers';
import { exampleAccessHistoryEntry } from '../examples';
import { answer, page, type RouteContract } from './route';
import { EMPLOYEE } from '../access';

export const AUDIT_CONTRACT = {
  accessHistory: {
    method: 'GET',
    resource: '/patients/{patientId}/access-history',
    access: EMPLOYEE,
    summary: 'Audit events about a patient, newest first (operators)',
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.accessHistoryAnswer, 'One page', page(exampleAccessHistoryEntry)) },
  },
} as const satisfies Record<string, RouteContract>;
