/** The users' routes: the caller's profile (`me`) and the operators' user management. */
import * as answers from '../answers';
import { EXAMPLE_IDS, exampleUser } from '../examples';
import { userProfileRecord } from '../records';
import { answer, page, type RouteContract } from './route';

/** An operator's account: employees have no organization. */
const exampleOperator = {
  ...exampleUser,
  email: 'ops@careloop.example',
  role: 'careloop_employee' as const,
  provider_id: null,
  provider: null,
  assigned_at: null,
  notification_preferences: { new_summaries: [], escalations: [] },
  care_role: null,
};
import { USERS_ENDPOINTS } from '../endpoints/users';

export const USERS_CONTRACT = {
  me: {
    ...USERS_ENDPOINTS.me,
    summary: "The caller's profile (role null for an account with no group yet)",
    answers: {
      200: answer(userProfileRecord, 'The profile', {
        ...exampleUser,
        can_manage_settings: false,
        careRole: exampleUser.care_role,
      }),
    },
  },
  listUsers: {
    ...USERS_ENDPOINTS.listUsers,
    summary: 'Users, each with their organization',
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  createUser: {
    ...USERS_ENDPOINTS.createUser,
    summary:
      'Create a user (Cognito account, group and profile); Cognito e-mails the temporary password in its invitation (a body with `password` is refused)',
    bodyExample: {
      email: 'nurse@sunrise.example',
      first_name: 'Robin',
      last_name: 'Example',
      phone_number: null,
      role: 'provider',
      provider_id: EXAMPLE_IDS.provider,
    },
    answers: { 201: answer(answers.userAnswer, 'Created', { user: exampleUser }) },
    errors: [409],
  },
  updateUser: {
    ...USERS_ENDPOINTS.updateUser,
    summary: "Change a user's profile, role or organization",
    bodyExample: {
      email: 'nurse@sunrise.example',
      first_name: 'Robin',
      last_name: 'Example',
      phone_number: null,
      role: 'provider',
      provider_id: EXAMPLE_IDS.provider,
    },
    answers: { 200: answer(answers.userAnswer, 'Changed', { user: exampleUser }) },
    errors: [409],
  },
  removeUser: {
    ...USERS_ENDPOINTS.removeUser,
    summary: 'Delete a user (never oneself)',
    answers: { 200: answer(answers.deletedAnswer, 'Deleted', { deleted: true }) },
  },
  suspendUser: {
    ...USERS_ENDPOINTS.suspendUser,
    summary: 'Suspend an account (never oneself): signed out everywhere, its tokens refused, sign-in refused',
    answers: {
      200: answer(answers.userAnswer, 'Suspended', {
        user: { ...exampleUser, suspended_at: '2026-03-04T15:00:00.000Z' },
      }),
    },
  },
  restoreUser: {
    ...USERS_ENDPOINTS.restoreUser,
    summary: 'Restore a suspended account: it may sign in again',
    answers: { 200: answer(answers.userAnswer, 'Restored', { user: exampleUser }) },
  },
  grantSettingsAdmin: {
    ...USERS_ENDPOINTS.grantSettingsAdmin,
    summary:
      "Let another operator read and change System Settings (settings admins only; never one's own account, never a provider user's)",
    answers: {
      200: answer(answers.userAnswer, 'Granted', { user: { ...exampleOperator, can_manage_settings: true } }),
    },
  },
  revokeSettingsAdmin: {
    ...USERS_ENDPOINTS.revokeSettingsAdmin,
    summary: "Take settings administration from another operator (settings admins only; never one's own)",
    answers: { 200: answer(answers.userAnswer, 'Revoked', { user: exampleOperator }) },
  },
} as const satisfies Record<string, RouteContract>;
