import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { appStarted } from './browser';
import { apiRequest, sessionCookie } from './api';
import type { RunningServer } from './server';

export const PASSWORD = 'Grateful#2026';

let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

/**
 * Creates an account through the API and, unless told otherwise, follows the emailed verification link. The welcome
 * of the first sign-in is marked as seen, as if skipped on another device, unless `welcome` keeps it for the test.
 */
export async function createAccount(
  server: RunningServer,
  options: { name?: string; email?: string; password?: string; verified?: boolean; welcome?: boolean } = {},
) {
  const email = options.email ?? newEmail();
  const password = options.password ?? PASSWORD;
  const name = options.name ?? 'Grace Hopper';
  const res = await apiRequest(server.url, 'POST', '/api/auth/sign-up', { body: { name, email, password } });
  expect(res.status).toBe(201);
  if (options.verified !== false) {
    const mail = await server.waitForMail(email);
    const oobCode = new URL(mail.link).searchParams.get('oobCode');
    const verified = await apiRequest(server.url, 'POST', '/api/auth/verify-email', { body: { oobCode } });
    expect(verified.status).toBe(200);
    if (options.welcome !== true) await skipWelcome(server.url, email, password);
  }
  return { email, password, name };
}

/** Marks the account's welcome as seen, through a session of its own. */
export async function skipWelcome(baseUrl: string, email: string, password: string): Promise<void> {
  const signedIn = await apiRequest(baseUrl, 'POST', '/api/auth/sign-in', { body: { email, password } });
  expect(signedIn.status).toBe(200);
  const cookie = sessionCookie(signedIn);
  const marked = await apiRequest(baseUrl, 'PATCH', '/api/profile', { body: { welcomeSeen: true }, cookie });
  expect(marked.status).toBe(200);
  await apiRequest(baseUrl, 'POST', '/api/auth/sign-out', { cookie, body: {} });
}

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  // As a person would: after the page has come up. (Typing into the page before the app runs is a test of its own,
  // in prerendered-pages.e2e.ts.)
  await appStarted(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
