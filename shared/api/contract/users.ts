/** The users' routes: the caller's profile (`me`) and the operators' user management. */
import { createUserSchema, updateUserSchema, userPathSchema } from '../../validation';
import * as answers from '../answers';
import { EXAMPLE_IDS, exampleUser } from '../examples';
import { userListQuerySchema } from '../queries';
import { userProfileRecord } from '../records';
import { SESSION_ROUTES } from '../routes/session';
import { USERS_ROUTES } from '../routes/users';
import { answer, page, type RouteContract } from './route';

export const USERS_CONTRACT = {
  me: {
    ...SESSION_ROUTES.me,
    summary: "The caller's profile (role null for an account with no group yet)",
    query: null,
    answers: {
      200: answer(userProfileRecord, 'The profile', {
        ...exampleUser,
        can_manage_settings: false,
        careRole: exampleUser.care_role,
      }),
    },
  },
  listUsers: {
    ...USERS_ROUTES.listUsers,
    summary: 'Users, each with their organization',
    query: userListQuerySchema,
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  createUser: {
    ...USERS_ROUTES.createUser,
    summary: 'Create a user (Cognito account, group and profile)',
    body: createUserSchema,
    bodyExample: {
      email: 'nurse@sunrise.example',
      first_name: 'Robin',
      last_name: 'Example',
      phone_number: null,
      role: 'provider',
      provider_id: EXAMPLE_IDS.provider,
      password: 'Example-passw0rd-2026',
    },
    answers: { 201: answer(answers.userAnswer, 'Created', { user: exampleUser }) },
    errors: [409],
  },
  updateUser: {
    ...USERS_ROUTES.updateUser,
    summary: "Change a user's profile, role or organization",
    path: userPathSchema,
    body: updateUserSchema,
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
    ...USERS_ROUTES.removeUser,
    summary: 'Delete a user (never oneself)',
    path: userPathSchema,
    answers: { 200: answer(answers.deletedAnswer, 'Deleted', { deleted: true }) },
  },
} as const satisfies Record<string, RouteContract>;
