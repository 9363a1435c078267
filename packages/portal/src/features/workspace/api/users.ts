/**
 * The Users tab's calls (packages/server/src/modules/users/routes.ts, Admin only): the list, create,
 * edit, privileges, delete, and the role list for the form. Failures are shown by the tab.
 */
import type { Role } from '@domain-broker/shared/schemas/profile';
import type * as Users from '@domain-broker/shared/schemas/users';
import { pageData, pageList, pageWrite } from '#portal/lib/page-api.ts';

export interface UserListParams {
  search?: string | undefined;
  page: number;
  limit: number;
  filterBy?: 'role' | 'status' | undefined;
  filterType?: string | undefined;
  sortBy: string;
  sortType: 'ASC' | 'DESC';
}

export async function listUsers(params: UserListParams): Promise<Users.UserList> {
  return pageData<Users.UserList>('/users', { ...params });
}

export const listRoles = () => pageList<Role>('/roles');

export const createUser = (input: Users.CreateUserBody) =>
  pageWrite<Users.AdminUser>('POST', '/createUser', input);

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const updateUser = (input: { id: string; body: Users.UpdateUserBody }) =>
  pageWrite<Users.UserChangeAnswer>('PATCH', userPath(input.id), input.body);

export const updatePrivileges = (input: { id: string; body: Users.UpdatePrivilegesBody }) =>
  pageWrite<Users.UserChangeAnswer>('PATCH', `/updatePrivileges/${encodeURIComponent(input.id)}`, input.body);

export const deleteUser = (id: string) => pageWrite('DELETE', userPath(id));
