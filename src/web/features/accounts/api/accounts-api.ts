// The account calls, typed by the same schemas the server validates with.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  messageSchema,
  pendingLinkSchema,
  providersSchema,
  userSchema,
  type Registration,
} from '../../../../common/api/users';
import type { ChangeEmail, ChangePassword, DeleteAccount } from '../../../../common/api/account';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/use-session';

export function register(values: Registration) {
  return apiRequest(`/api/users/${encodeURIComponent(values.email_address)}`, userSchema, { body: values });
}

export function login(username: string, password: string) {
  return apiRequest('/api/users/passwordlogin/', userSchema, { body: { username, password } });
}

export function signOut() {
  return apiRequest('/api/session', null, { method: 'DELETE' });
}

export function requestPasswordReset(forgotEmail: string) {
  return apiRequest('/api/request-password-reset/', messageSchema, { body: { forgotEmail } });
}

/** Mails the signed-in user a new link that confirms their address. */
export function requestEmailConfirmation() {
  return apiRequest('/api/verify-email/request', messageSchema, { method: 'POST' });
}

/** The button of the page a mailed confirmation link opens: following the link alone confirms nothing. */
export function confirmEmail(token: string) {
  return apiRequest(`/api/verify-email/${encodeURIComponent(token)}`, messageSchema, { method: 'POST' });
}

export function resetPassword(token: string, password: string) {
  return apiRequest('/api/reset-password', messageSchema, { body: { token, password } });
}

/** The e-mail a provider sign-in vouched for, waiting for a username. */
export function getPendingSignup() {
  return apiRequest('/api/auth/oidc/pending', z.object({ email_address: z.string() }));
}

export function completeProviderSignup(username: string) {
  return apiRequest('/api/auth/oidc/complete', userSchema, { body: { username } });
}

/** The account a provider sign-in met, waiting for its password before the provider is linked to it. */
export function getPendingLink() {
  return apiRequest('/api/auth/oidc/pending-link', pendingLinkSchema);
}

export function linkProviderWithPassword(password: string) {
  return apiRequest('/api/auth/oidc/link', userSchema, { body: { password } });
}

/** Where the provider sign-in starts: a full-page navigation, not a fetch. */
export const PROVIDER_SIGN_IN_URL = '/api/auth/oidc/start';

/** Which providers the server has configured; the button shows only for these. */
export const providersQueryOptions = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => apiRequest('/api/auth/providers', providersSchema),
  staleTime: Infinity,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}

/** After sign-in or sign-out: every screen asks again who is signed in. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
}

export function changePassword(values: ChangePassword) {
  return apiRequest('/api/account/password', messageSchema, { body: values });
}

/** Mails a link to the new address; the account uses it once that link is confirmed. */
export function changeEmail(values: ChangeEmail) {
  return apiRequest('/api/account/email', messageSchema, { body: values });
}

export function deleteAccount(values: DeleteAccount) {
  return apiRequest('/api/account', messageSchema, { method: 'DELETE', body: values });
}

/** A plain link downloads it: the server names the file. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
