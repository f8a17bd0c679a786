/** The clinical documents' routes: the structured care plan and the EMR notes, each with its revisions. */
import * as answers from '../answers';
import { exampleCarePlan, exampleDocument } from '../examples';
import { answer, page, type RouteContract } from './route';
import { CARE_PLANS_ENDPOINTS } from '../endpoints/care-plans';

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
    ...CARE_PLANS_ENDPOINTS.getCarePlan,
    summary: "The patient's care plan, or null",
    answers: { 200: answer(answers.carePlanReadAnswer, 'The care plan', { carePlan: exampleCarePlan }) },
  },
  createCarePlan: {
    ...CARE_PLANS_ENDPOINTS.createCarePlan,
    summary: "Write the first care plan (the patient's condition count is written with it)",
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note },
    answers: { 201: answer(answers.carePlanAnswer, 'Saved', { carePlan: { ...exampleCarePlan, version: 1 } }) },
    errors: [409],
  },
  updateCarePlan: {
    ...CARE_PLANS_ENDPOINTS.updateCarePlan,
    summary: 'Save a new revision of the care plan',
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note, version: 1 },
    answers: { 200: answer(answers.carePlanAnswer, 'Saved', { carePlan: exampleCarePlan }) },
    errors: [409],
  },
  carePlanRevisions: {
    ...CARE_PLANS_ENDPOINTS.carePlanRevisions,
    summary: "The care plan's earlier revisions, newest first",
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
    ...CARE_PLANS_ENDPOINTS.getEmrNotes,
    summary: "The patient's EMR notes, or null",
    answers: { 200: answer(answers.emrNotesReadAnswer, 'The notes', { emrNotes: exampleDocument }) },
  },
  createEmrNotes: {
    ...CARE_PLANS_ENDPOINTS.createEmrNotes,
    summary: 'Write the first EMR notes',
    bodyExample: { content: exampleDocument.content },
    answers: { 201: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: { ...exampleDocument, version: 1 } }) },
    errors: [409],
  },
  updateEmrNotes: {
    ...CARE_PLANS_ENDPOINTS.updateEmrNotes,
    summary: 'Save a new revision of the EMR notes',
    bodyExample: { content: exampleDocument.content, version: 1 },
    answers: { 200: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: exampleDocument }) },
    errors: [409],
  },
  emrNotesRevisions: {
    ...CARE_PLANS_ENDPOINTS.emrNotesRevisions,
    summary: "The EMR notes' earlier revisions, newest first",
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
