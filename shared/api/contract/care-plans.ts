/** The clinical documents' routes: the structured care plan and the EMR notes, each with its revisions. */
import {
  carePlanSchema,
  carePlanUpdateSchema,
  documentSchema,
  documentUpdateSchema,
  pageQuerySchema,
  patientPathSchema,
} from '../../validation';
import * as answers from '../answers';
import { exampleCarePlan, exampleDocument } from '../examples';
import { answer, page, type RouteContract } from './route';
import { STAFF } from '../access';

/** A care plan as the editor sends it: its structured part and note. */
const carePlanBody = {
  conditions: exampleCarePlan.conditions,
  expected_outcome: exampleCarePlan.expected_outcome,
  goals: exampleCarePlan.goals,
  symptom_management: exampleCarePlan.symptom_management,
  interventions: exampleCarePlan.interventions,
  medications: exampleCarePlan.medications,
};

export const CARE_PLANS_CONTRACT = {
  getCarePlan: {
    method: 'GET',
    resource: '/patients/{patientId}/care-plan',
    access: STAFF,
    summary: "The patient's care plan, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.carePlanReadAnswer, 'The care plan', { carePlan: exampleCarePlan }) },
  },
  createCarePlan: {
    method: 'POST',
    resource: '/patients/{patientId}/care-plan',
    access: STAFF,
    summary: "Write the first care plan (the patient's condition count is written with it)",
    path: patientPathSchema,
    body: carePlanSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note },
    answers: { 201: answer(answers.carePlanAnswer, 'Saved', { carePlan: { ...exampleCarePlan, version: 1 } }) },
    errors: [409],
  },
  updateCarePlan: {
    method: 'PUT',
    resource: '/patients/{patientId}/care-plan',
    access: STAFF,
    summary: 'Save a new revision of the care plan',
    path: patientPathSchema,
    body: carePlanUpdateSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note, version: 1 },
    answers: { 200: answer(answers.carePlanAnswer, 'Saved', { carePlan: exampleCarePlan }) },
    errors: [409],
  },
  carePlanRevisions: {
    method: 'GET',
    resource: '/patients/{patientId}/care-plan/revisions',
    access: STAFF,
    summary: "The care plan's earlier revisions, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(
        answers.documentRevisionsAnswer,
        'One page',
        page({
          version: 1,
          content: exampleCarePlan.note,
          plan: carePlanBody,
          saved_at: exampleCarePlan.created_at,
          author: exampleCarePlan.creator,
        }),
      ),
    },
  },
  getEmrNotes: {
    method: 'GET',
    resource: '/patients/{patientId}/emr-notes',
    access: STAFF,
    summary: "The patient's EMR notes, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.emrNotesReadAnswer, 'The notes', { emrNotes: exampleDocument }) },
  },
  createEmrNotes: {
    method: 'POST',
    resource: '/patients/{patientId}/emr-notes',
    access: STAFF,
    summary: 'Write the first EMR notes',
    path: patientPathSchema,
    body: documentSchema,
    bodyExample: { content: exampleDocument.content },
    answers: { 201: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: { ...exampleDocument, version: 1 } }) },
    errors: [409],
  },
  updateEmrNotes: {
    method: 'PUT',
    resource: '/patients/{patientId}/emr-notes',
    access: STAFF,
    summary: 'Save a new revision of the EMR notes',
    path: patientPathSchema,
    body: documentUpdateSchema,
    bodyExample: { content: exampleDocument.content, version: 1 },
    answers: { 200: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: exampleDocument }) },
    errors: [409],
  },
  emrNotesRevisions: {
    method: 'GET',
    resource: '/patients/{patientId}/emr-notes/revisions',
    access: STAFF,
    summary: "The EMR notes' earlier revisions, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(
        answers.documentRevisionsAnswer,
        'One page',
        page({
          version: 1,
          content: exampleDocument.content,
          saved_at: exampleDocument.created_at,
          author: exampleDocument.creator,
        }),
      ),
    },
  },
} as const satisfies Record<string, RouteContract>;
