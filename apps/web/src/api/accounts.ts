import type {
  TChangePasswordRequest,
  TMe,
  TSigninRequest,
  TSigninResponse,
  TSignupRequest,
  TSignupResponse,
  ZUpdateAccountRequest,
  ZVerifyEmailResponse,
} from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, request } from './client';
import { clearAllStorage, notifyAuthChanged, storeSignIn, storeToken } from './storage';
import { bearerFrom } from './token';

export const accountKeys = {
  me: ['auth', 'me'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
};

export const RESET_EMAIL_TIMEOUT_MS = 10_000;

// The contract exports these schemas without type aliases; infer them rather than restate them.
export type TUpdateAccountRequest = ReturnType<typeof ZUpdateAccountRequest.parse>;
export type TVerifyEmailResponse = ReturnType<typeof ZVerifyEmailResponse.parse>;

export interface SignedIn {
  token: string;
  answer: TSigninResponse;
}

/** Signs in and stores the session (docs/product/rules.md#client-storage); the caller picks the role and fires authChanged. */
export async function signIn(credentials: TSigninRequest): Promise<SignedIn> {
  const res = await request<TSigninResponse>('/auth/signin', { method: 'POST', body: credentials, public: true });
  const token = bearerFrom(res.headers.get('Authorization'));
  if (!token) throw new ApiError(res.status, 'NO_TOKEN', 'Login failed');
  storeSignIn(token, res.data);
  return { token, answer: res.data };
}

export function signUp(body: TSignupRequest): Promise<TSignupResponse> {
  return apiPost<TSignupResponse>('/auth/signup', body, { public: true });
}

export function verifyEmail(token: string): Promise<TVerifyEmailResponse> {
  return apiPost<TVerifyEmailResponse>('/auth/verify-email', { token }, { public: true });
}

export async function sendResetEmail(email: string): Promise<void> {
  await apiPost('/reset-password-send-email', { email }, { public: true, timeoutMs: RESET_EMAIL_TIMEOUT_MS });
}

/** The server takes these as multipart fields (docs/product/routes.md#accounts). */
export async function changePassword(fields: TChangePasswordRequest): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  await apiPost('/forgotPassword/changePassword', form, { public: true });
}

export function fetchMe(): Promise<TMe> {
  return apiGet<TMe>('/auth/me');
}

/** A password change ends every other session; this one goes on with the bearer the answer carries. */
export async function updateMe(body: TUpdateAccountRequest): Promise<TMe> {
  const res = await request<TMe>('/auth/me', { method: 'PUT', body });
  const token = bearerFrom(res.headers.get('Authorization'));
  if (token) storeToken(token);
  return res.data;
}

/** Revokes the refresh cookie's session, then forgets everything; a failed revoke must not keep anyone signed in. */
export async function logout(): Promise<void> {
  try {
    await apiPost('/auth/logout', undefined, { public: true });
  } catch {
    // The token expires on its own; the local session still ends.
  } finally {
    // The server dropped this user's push subscriptions; the browser drops its own. Loaded here only,
    // so the pages customers open (which share this module) carry none of it.
    await import('../lib/pushDevice').then((push) => push.forgetPushDevice()).catch(() => {});
    clearAllStorage();
    notifyAuthChanged();
  }
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: accountKeys.me, queryFn: fetchMe, enabled });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAccountRequest) => updateMe(body),
    onSuccess: (me: TMe) => client.setQueryData(accountKeys.me, me),
  });
}

/**
 * A verification link is single use, so the call runs once per token: a query (deduplicated,
 * never retried or refetched) rather than an effect that React may run twice.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
