/**
 * The Users tab's calls (packages/server/src/modules/users/routes.ts, Admin only): the list, create,
 * edit, privileges, delete, and the role list for the form. Failures are shown by the tab.
 */
import type { Role } from '@domain-broker/shared/schemas/profile';
import type {
  AdminUser,
  CreateUserBody,
  UpdatePrivilegesBody,
  UpdateUserBody,
  UserChangeAnswer,
  UserList,
} from '@domain-broker/shared/schemas/users';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

export interface UserListParams {
  search?: string | undefined;
  page: number;
  limit: number;
  filterBy?: 'role' | 'status' | undefined;
  filterType?: string | undefined;
  sortBy: string;
  sortType: 'ASC' | 'DESC';
}

export async function listUsers(params: UserListParams): Promise<UserList> {
  const answer = await apiRequest<UserList>('/users', { query: { ...params }, handle: 'page' });
  if (!answer.data) throw new Error('The answer had no data');
  return answer.data;
}

export async function listRoles(): Promise<Role[]> {
  const answer = await apiRequest<Role[]>('/roles', { handle: 'page' });
  return answer.data ?? [];
}

export async function createUser(input: CreateUserBody): Promise<Written<AdminUser | undefined>> {
  const answer = await apiRequest<AdminUser>('/createUser', { method: 'POST', body: input, handle: 'page' });
  return { message: answer.message, data: answer.data };
}

export async function updateUser(input: {
  id: string;
  body: UpdateUserBody;
}): Promise<Written<UserChangeAnswer | undefined>> {
  const answer = await apiRequest<UserChangeAnswer>(`/users/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: input.body,
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}

export async function updatePrivileges(input: {
  id: string;
  body: UpdatePrivilegesBody;
}): Promise<Written<UserChangeAnswer | undefined>> {
  const answer = await apiRequest<UserChangeAnswer>(`/updatePrivileges/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: input.body,
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}

export async function deleteUser(id: string): Promise<Written<undefined>> {
  const answer = await apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', handle: 'page' });
  return { message: answer.message, data: undefined };
}
