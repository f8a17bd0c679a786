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
import { CARE_PLANS_ROUTES } from '../routes/care-plans';
import { answer, page, type RouteContract } from './route';

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
    ...CARE_PLANS_ROUTES.getCarePlan,
    summary: "The patient's care plan, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.carePlanReadAnswer, 'The care plan', { carePlan: exampleCarePlan }) },
  },
  createCarePlan: {
    ...CARE_PLANS_ROUTES.createCarePlan,
    summary: "Write the first care plan (the patient's condition count is written with it)",
    path: patientPathSchema,
    body: carePlanSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note },
    answers: { 201: answer(answers.carePlanAnswer, 'Saved', { carePlan: { ...exampleCarePlan, version: 1 } }) },
    errors: [409],
  },
  updateCarePlan: {
    ...CARE_PLANS_ROUTES.updateCarePlan,
    summary: 'Save a new revision of the care plan',
    path: patientPathSchema,
    body: carePlanUpdateSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note, version: 1 },
    answers: { 200: answer(answers.carePlanAnswer, 'Saved', { carePlan: exampleCarePlan }) },
    errors: [409],
  },
  carePlanRevisions: {
    ...CARE_PLANS_ROUTES.carePlanRevisions,
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
    ...CARE_PLANS_ROUTES.getEmrNotes,
    summary: "The patient's EMR notes, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.emrNotesReadAnswer, 'The notes', { emrNotes: exampleDocument }) },
  },
  createEmrNotes: {
    ...CARE_PLANS_ROUTES.createEmrNotes,
    summary: 'Write the first EMR notes',
    path: patientPathSchema,
    body: documentSchema,
    bodyExample: { content: exampleDocument.content },
    answers: { 201: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: { ...exampleDocument, version: 1 } }) },
    errors: [409],
  },
  updateEmrNotes: {
    ...CARE_PLANS_ROUTES.updateEmrNotes,
    summary: 'Save a new revision of the EMR notes',
    path: patientPathSchema,
    body: documentUpdateSchema,
    bodyExample: { content: exampleDocument.content, version: 1 },
    answers: { 200: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: exampleDocument }) },
    errors: [409],
  },
  emrNotesRevisions: {
    ...CARE_PLANS_ROUTES.emrNotesRevisions,
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
